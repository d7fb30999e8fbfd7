package dev.ibench.workers.cli;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The --address / --namespace options of commands that talk to a Temporal server (else {@link TemporalSettings}). */
final class TemporalOptions {
    @Option(names = "--address", description = "Temporal frontend host:port (default: $TEMPORAL_ADDRESS, else temporal.address "
            + "in .ibench/config.properties, else 127.0.0.1:7233).")
    String address;

    @Option(names = "--namespace", description = "Temporal namespace (default: $TEMPORAL_NAMESPACE, else temporal.namespace "
            + "in .ibench/config.properties, else default).")
    String namespace;

    /** Where this command reaches Temporal: the options, else the environment, else the config file, else the defaults. */
    TemporalSettings settings() {
        return TemporalSettings.resolve(address, namespace, IbenchHome.resolve(), System::getenv);
    }

    /**
     * The options to repeat in a printed follow-up command so it reaches the same server and namespace: empty when
     * they are the defaults.
     */
    String hintFlags() {
        return settings().hintFlags();
    }

    /** Opens a connection and checks the server answers, failing with a message that names the address and its source. */
    TemporalConnection connect() {
        TemporalSettings settings = settings();
        TemporalConnection connection = TemporalConnection.open(settings.address(), settings.namespace());
        if (!connection.isReachable(Duration.ofSeconds(5))) {
            connection.close();
            throw new IllegalStateException("no Temporal server answers at " + connection.address() + " (from "
                    + settings.addressSource() + "; start one with `./ibench server`, or set the address with --address, "
                    + "$TEMPORAL_ADDRESS or temporal.address in .ibench/config.properties)");
        }
        return connection;
    }
}
