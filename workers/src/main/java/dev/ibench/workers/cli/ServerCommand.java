package dev.ibench.workers.cli;

import dev.ibench.workers.IbenchConfig;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.server.DevServerLauncher;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.RunningServer;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "server", mixinStandardHelpOptions = true,
        description = "Start the Temporal dev server (SQLite persistence, Web UI on :8233, ibench search attributes) "
                + "and keep it running until Ctrl-C.")
final class ServerCommand implements Callable<Integer> {

    @Option(names = "--ip", defaultValue = "127.0.0.1", description = "Bind address (default: ${DEFAULT-VALUE}).")
    String ip;

    @Option(names = "--port", defaultValue = "7233", description = "gRPC frontend port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--ui-port", defaultValue = "8233", description = "Web UI port (default: ${DEFAULT-VALUE}).")
    int uiPort;

    @Option(names = "--db-filename", description = "SQLite file holding the server state (default: .ibench/temporal.db).")
    Path dbFile;

    @Override
    public Integer call() throws InterruptedException {
        for (int p : new int[] {port, uiPort}) {
            if (p < 1 || p > 65535) {
                System.err.println("ibench server: --port and --ui-port must be between 1 and 65535, got " + p);
                return 2;
            }
        }
        IbenchHome home = IbenchHome.resolve();
        Path db = dbFile != null ? dbFile.toAbsolutePath() : home.state().resolve("temporal.db");
        DevServerSettings settings = new DevServerSettings(ip, port, uiPort, 0, 0, db);
        try (TemporalConnection probe = TemporalConnection.open(settings.address(), TemporalConnection.DEFAULT_NAMESPACE)) {
            if (probe.isReachable(Duration.ofSeconds(1))) {
                System.err.println("ibench server: a Temporal server already answers on " + settings.address() + "; not starting another.");
                return 1;
            }
        }
        RunningServer server = new DevServerLauncher(home, System.err).start(settings, null);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "ibench-server-shutdown"));
        System.out.println("Temporal server ready on " + server.address());
        server.uiUrl().ifPresent(url -> System.out.println("  Web UI:            " + url));
        System.out.println("  persistence:       " + (server.persistent() ? db : "none (in-process test server)"));
        System.out.println("  search attributes: " + IbenchSearchAttributes.ALL.stream()
                .map(key -> key.getName()).collect(Collectors.joining(", ")));
        configuredHint(server.address()).ifPresent(hint -> System.out.println("  " + hint));
        System.out.println("  stop with Ctrl-C");
        System.out.flush();
        server.join();
        return 0;
    }

    /** How other commands reach this server when the address they would use (TemporalSettings) is another one. */
    static Optional<String> configuredHint(String serverAddress) {
        TemporalSettings configured;
        try {
            configured = TemporalSettings.resolve();
        } catch (IllegalArgumentException badConfig) {
            return Optional.of("other commands cannot use it yet: " + badConfig.getMessage());
        }
        if (configured.address().equals(serverAddress)) {
            return Optional.empty();
        }
        return Optional.of("other commands use " + configured.address() + " (from " + configured.addressSource() + "); reach this "
                + "server with --address " + serverAddress + ", $" + TemporalSettings.ADDRESS_VARIABLE + ", or once for this home: "
                + IbenchConfig.TEMPORAL_ADDRESS + "=" + serverAddress + " in " + IbenchConfig.fileOf(IbenchHome.resolve()));
    }
}
