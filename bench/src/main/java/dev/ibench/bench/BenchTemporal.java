package dev.ibench.bench;

import dev.ibench.testing.FreePorts;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.server.CliDevServer;
import dev.ibench.workers.server.DevServerLauncher;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.TemporalCliLocator;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;

import java.nio.file.Path;
import java.util.Map;

/**
 * The Temporal server a scale bench runs on: the one {@code TEMPORAL_ADDRESS} names (e.g. Temporal on PostgreSQL from
 * {@code deploy/local/temporal-postgres.sh}; the bench neither starts nor stops it), else a dev server started for the
 * run on free loopback ports with its SQLite file in the run's folder. Chosen before anything starts, so a missing CLI
 * fails the bench before the fake endpoint's threads exist.
 */
final class BenchTemporal {
    private final String externalAddress;
    private final String namespace;
    private final Path cli;

    private BenchTemporal(String externalAddress, String namespace, Path cli) {
        this.externalAddress = externalAddress;
        this.namespace = namespace;
        this.cli = cli;
    }

    static BenchTemporal choose(IbenchHome home, Map<String, String> env) {
        String address = env.get(TemporalSettings.ADDRESS_VARIABLE);
        String namespace = env.getOrDefault(TemporalSettings.NAMESPACE_VARIABLE, TemporalConnection.DEFAULT_NAMESPACE);
        if (address != null && !address.isBlank()) {
            return new BenchTemporal(address, namespace, null);
        }
        Path cli = TemporalCliLocator.find(home).orElseThrow(() -> new IllegalStateException(
                "the temporal CLI is missing under " + home.toolsBin() + ": run deploy/local/install-tools.sh, or set"
                        + " TEMPORAL_ADDRESS to a running server"));
        return new BenchTemporal(null, TemporalConnection.DEFAULT_NAMESPACE, cli);
    }

    /** Starts the dev server if no server was named; closing the result stops only what it started. */
    Running start(Path work) {
        if (externalAddress != null) {
            return new Running(externalAddress, namespace, null,
                    "Temporal server at " + externalAddress + " (TEMPORAL_ADDRESS, e.g. on PostgreSQL from deploy/local/temporal-postgres.sh)");
        }
        DevServerSettings settings = new DevServerSettings("127.0.0.1", FreePorts.next(), FreePorts.next(), FreePorts.next(), 0,
                work.resolve("temporal.db"));
        CliDevServer server = DevServerLauncher.startCli(cli, settings, work.resolve("temporal.log"));
        return new Running(server.address(), namespace, server, "dev server (temporal CLI, SQLite file)");
    }

    record Running(String address, String namespace, CliDevServer devServer, String description) implements AutoCloseable {
        @Override
        public void close() {
            if (devServer != null) {
                devServer.close();
            }
        }
    }
}
