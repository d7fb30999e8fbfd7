package dev.ibench.workers.cli;

import dev.ibench.workers.temporal.TemporalConnection;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The --address / --namespace options of commands that talk to a Temporal server. */
final class TemporalOptions {
    @Option(names = "--address", description = "Temporal frontend host:port (default: $TEMPORAL_ADDRESS or 127.0.0.1:7233).")
    String address;

    @Option(names = "--namespace", description = "Temporal namespace (default: $TEMPORAL_NAMESPACE or default).")
    String namespace;

    /**
     * The options to repeat in a printed follow-up command so it reaches the same server and namespace: empty when
     * they are the defaults.
     */
    String hintFlags() {
        String a = address != null ? address : TemporalConnection.addressFromEnvironment();
        String n = namespace != null ? namespace : TemporalConnection.namespaceFromEnvironment();
        return (a.equals(TemporalConnection.DEFAULT_ADDRESS) ? "" : " --address " + a)
                + (n.equals(TemporalConnection.DEFAULT_NAMESPACE) ? "" : " --namespace " + n);
    }

    /** Opens a connection and checks the server answers, failing with a message that names the address. */
    TemporalConnection connect() {
        TemporalConnection connection = TemporalConnection.open(
                address != null ? address : TemporalConnection.addressFromEnvironment(),
                namespace != null ? namespace : TemporalConnection.namespaceFromEnvironment());
        if (!connection.isReachable(Duration.ofSeconds(5))) {
            connection.close();
            throw new IllegalStateException("no Temporal server answers at " + connection.address()
                    + " (start one with `./ibench server`, or set TEMPORAL_ADDRESS)");
        }
        return connection;
    }
}
