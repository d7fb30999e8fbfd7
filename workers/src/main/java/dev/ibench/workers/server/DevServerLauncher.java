package dev.ibench.workers.server;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * Starts the embedded default Temporal server: the real {@code temporal server start-dev} (SQLite
 * persistence, Web UI) when the CLI is installed, else Temporal's in-process Java test server with a
 * loud warning.
 */
public final class DevServerLauncher {
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(90);

    private final IbenchHome home;
    private final PrintStream messages;
    private final Function<IbenchHome, Optional<Path>> cliLocator;

    public DevServerLauncher(IbenchHome home, PrintStream messages) {
        this(home, messages, TemporalCliLocator::find);
    }

    /** With a custom way to find the CLI (tests use one that finds none, to exercise the fallback). */
    public DevServerLauncher(IbenchHome home, PrintStream messages, Function<IbenchHome, Optional<Path>> cliLocator) {
        this.home = home;
        this.messages = messages;
        this.cliLocator = cliLocator;
    }

    /**
     * Starts a server with {@code settings}.
     *
     * @param log where the dev server's output goes; {@code null} inherits this process's stdout/stderr
     */
    public RunningServer start(DevServerSettings settings, Path log) {
        Optional<Path> cli = cliLocator.apply(home);
        if (cli.isEmpty()) {
            warnNoCli();
            return InProcessTestServer.start(settings.ip(), settings.port(), TemporalConnection.DEFAULT_NAMESPACE);
        }
        return startCli(cli.get(), settings, log);
    }

    /** Starts the real dev server with the given CLI binary; never falls back. */
    public static CliDevServer startCli(Path cli, DevServerSettings settings, Path log) {
        try {
            Files.createDirectories(settings.dbFile().toAbsolutePath().getParent());
            ProcessBuilder builder = new ProcessBuilder(settings.command(cli));
            if (log == null) {
                builder.inheritIO();
            } else {
                Files.createDirectories(log.toAbsolutePath().getParent());
                builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            }
            builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            CliDevServer server = new CliDevServer(builder.start(), settings);
            awaitReady(server, log);
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + cli + " server start-dev", e);
        }
    }

    private static void awaitReady(CliDevServer server, Path log) {
        try (TemporalConnection connection = TemporalConnection.open(server.address(), TemporalConnection.DEFAULT_NAMESPACE)) {
            long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
            while (System.nanoTime() < deadline) {
                if (!server.process().isAlive()) {
                    throw new DevServerExitedException("temporal server start-dev exited with code "
                            + server.process().exitValue() + " before it was ready" + logTail(log));
                }
                if (connection.isReachable(Duration.ofSeconds(2))) {
                    return;
                }
                Thread.sleep(200);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.close();
        throw new IllegalStateException("temporal server start-dev did not answer on " + server.address()
                + " within " + STARTUP_TIMEOUT.toSeconds() + " s" + logTail(log));
    }

    /**
     * The server log's first lines that name an error (a Go panic's message comes before its long stack) and its last
     * lines, so a failure explains itself even when the log file is gone later.
     */
    private static String logTail(Path log) {
        if (log == null || !Files.exists(log)) {
            return "";
        }
        try {
            java.util.List<String> lines = Files.readAllLines(log);
            java.util.List<String> errors = lines.stream()
                    .filter(l -> l.startsWith("panic:") || l.contains("error") || l.contains("Error")).limit(5).toList();
            return "; " + log + (errors.isEmpty() ? "" : " names errors:\n" + String.join("\n", errors) + "\nand")
                    + " ends with:\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "; see " + log;
        }
    }

    private void warnNoCli() {
        String bar = "*".repeat(78);
        messages.println(bar);
        messages.println("* WARNING: the temporal CLI was not found (" + home.toolsBin().resolve("temporal") + " or PATH).");
        messages.println("* Starting Temporal's IN-PROCESS JAVA TEST SERVER instead:");
        messages.println("*   - NO Web UI");
        messages.println("*   - NO persistence: every workflow is lost when this process exits");
        messages.println("* Install the real dev server with: deploy/local/install-tools.sh");
        messages.println(bar);
    }
}
