package dev.ibench.workers.cli;

import dev.ibench.workers.IbenchHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.LogManager;
import java.util.stream.Stream;

/**
 * Where a command's library logs go (docs/cli.md, Terminal output). A command run by a person keeps its terminal for
 * ibench's own lines: the logs of the libraries under it (Temporal SDK, gRPC, Tomcat, HikariCP, Flyway, llama.cpp, all
 * through SLF4J; java.util.logging bridged in) go to one file per run under {@code .ibench/logs/}. {@code --verbose}
 * keeps them on the terminal, and so does {@code ibench worker}, a service whose logs belong on its console.
 * Must run before the first logger is made: slf4j-simple reads its settings once.
 */
final class TerminalLogging {
    static final String VERBOSE = "--verbose";
    private static final String LOG_FILE_PROPERTY = "org.slf4j.simpleLogger.logFile";
    private static final Duration KEEP = Duration.ofDays(7);
    private static Path file;
    private static boolean verbose;

    private TerminalLogging() {}

    /** Sends library logs to a new file under {@code <home>/.ibench/logs/} unless {@code args} ask for them on the console. */
    static synchronized void configure(String[] args, IbenchHome home) {
        List<String> words = Arrays.asList(args);
        verbose = words.contains(VERBOSE);
        if (verbose || subcommand(args).equals("worker")) { // `ibench [--store URL] worker ...`: a service, logging on its console
            return;
        }
        Path logs = home.state().resolve("logs");
        try {
            Files.createDirectories(logs);
            pruneOld(logs);
        } catch (IOException e) {
            return; // an unwritable home: the logs stay on the console rather than being lost
        }
        file = logs.resolve("ibench-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
                + "-" + ProcessHandle.current().pid() + ".log");
        System.setProperty(LOG_FILE_PROPERTY, file.toString());
        System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        System.setProperty("org.slf4j.simpleLogger.showThreadName", "true");
        bridgeJavaUtilLogging();
    }

    /**
     * The command's first word after the top-level options ({@code --store URL}, {@code --store=URL}, flags), as picocli
     * parses it, or "" without one; a later word that happens to be {@code worker} (a campaign id, say) is not it.
     * Read here, before picocli builds the commands, since building them would make loggers too early.
     */
    static String subcommand(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String word = args[i];
            if (word.equals(dev.ibench.workers.campaign.StoreSetting.OPTION)) {
                i++; // its value
            } else if (!word.startsWith("-")) {
                return word;
            }
        }
        return "";
    }

    /** The file library logs go to in this process, empty when they stay on the console. */
    static synchronized Optional<Path> file() {
        return Optional.ofNullable(file);
    }

    /** True when the command line asked for library logs on the terminal. */
    static synchronized boolean verbose() {
        return verbose;
    }

    /** java.util.logging (gRPC, Tomcat) into SLF4J, so it reaches the same file instead of the console. */
    private static void bridgeJavaUtilLogging() {
        java.util.logging.Logger root = LogManager.getLogManager().getLogger("");
        for (Handler h : root.getHandlers()) {
            root.removeHandler(h);
        }
        root.addHandler(new JulToSlf4j());
    }

    private static void pruneOld(Path logs) throws IOException {
        Instant cutoff = Instant.now().minus(KEEP);
        try (Stream<Path> files = Files.list(logs)) {
            files.filter(f -> f.getFileName().toString().startsWith("ibench-") && f.getFileName().toString().endsWith(".log"))
                    .filter(f -> {
                        try {
                            return Files.getLastModifiedTime(f).toInstant().isBefore(cutoff);
                        } catch (IOException e) {
                            return false;
                        }
                    })
                    .forEach(f -> f.toFile().delete());
        }
    }
}
