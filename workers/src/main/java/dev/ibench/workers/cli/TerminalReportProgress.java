package dev.ibench.workers.cli;

import dev.ibench.activities.report.ReportProgress;
import java.io.PrintStream;
import java.util.function.LongSupplier;

/**
 * The progress line of a long report on standard error: on a terminal it is redrawn in place at most every
 * {@link #TERMINAL_EVERY_MS} ms and cleared at the end; elsewhere (a log, a pipe) a full line is printed every
 * {@link #LOG_EVERY_MS} ms once the report has run that long, so a short report prints nothing. Never on standard output.
 */
final class TerminalReportProgress implements ReportProgress {
    static final long TERMINAL_EVERY_MS = 500;
    static final long LOG_EVERY_MS = 30_000;
    private final PrintStream err;
    private final boolean terminal;
    private final LongSupplier clockMillis;
    private final long startedMs;
    private long lastShownMs;
    private int cells;
    private int cell;
    private long cellItems;
    private long cellRead;
    private long read;
    private boolean drawn;

    TerminalReportProgress(PrintStream err, boolean terminal, LongSupplier clockMillis) {
        this.err = err;
        this.terminal = terminal;
        this.clockMillis = clockMillis;
        this.startedMs = clockMillis.getAsLong();
        this.lastShownMs = startedMs;
    }

    /** On {@code System.err}, redrawn in place when the process has a terminal ({@code System.console()}). */
    static TerminalReportProgress onStandardError() {
        return new TerminalReportProgress(System.err, System.console() != null, System::currentTimeMillis);
    }

    /** Each campaign read adds its cells: compare reads two, so its second campaign's cells count on (cell 13 of 20). */
    @Override
    public void started(int cells) {
        this.cells += cells;
    }

    @Override
    public void cellStarted(String cellId, long items) {
        cell++;
        cellItems = items;
        cellRead = 0;
    }

    @Override
    public void item() {
        read++;
        cellRead++;
        if ((read & 255) == 0) {
            maybeShow();
        }
    }

    @Override
    public void cellDone() {
        maybeShow();
    }

    @Override
    public void finished() {
        if (drawn && terminal) {
            err.print("\r\033[K");
            err.flush();
        }
    }

    private void maybeShow() {
        long now = clockMillis.getAsLong();
        if (terminal ? now - lastShownMs < TERMINAL_EVERY_MS : now - lastShownMs < LOG_EVERY_MS) {
            return;
        }
        lastShownMs = now;
        String line = "report: cell %d of %d, %,d of %,d items; %,d items read in %d s".formatted(cell, cells, cellRead, cellItems, read,
                (now - startedMs) / 1000);
        if (terminal) {
            err.print("\r\033[K" + line);
        } else {
            err.println(line);
        }
        err.flush();
        drawn = true;
    }
}
