package dev.ibench.workers.cli;

import java.text.MessageFormat;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A java.util.logging handler that hands each record to the SLF4J logger of the same name ({@link TerminalLogging}). */
final class JulToSlf4j extends Handler {
    @Override
    public void publish(LogRecord record) {
        if (!isLoggable(record)) {
            return;
        }
        Logger logger = LoggerFactory.getLogger(record.getLoggerName() == null ? "jul" : record.getLoggerName());
        String message = record.getMessage();
        if (record.getParameters() != null && message != null && message.contains("{0")) {
            message = MessageFormat.format(message, record.getParameters());
        }
        int level = record.getLevel().intValue();
        if (level >= Level.SEVERE.intValue()) {
            logger.error(message, record.getThrown());
        } else if (level >= Level.WARNING.intValue()) {
            logger.warn(message, record.getThrown());
        } else if (level >= Level.INFO.intValue()) {
            logger.info(message, record.getThrown());
        } else {
            logger.debug(message, record.getThrown());
        }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
}
