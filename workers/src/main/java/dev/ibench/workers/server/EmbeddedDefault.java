package dev.ibench.workers.server;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;

/**
 * The embedded default that commands running workflows themselves ({@code demo}, {@code build --style rest}) use:
 * the Temporal server at the configured address ({@link TemporalSettings}: {@code $TEMPORAL_ADDRESS}, else the config
 * file) when one answers, else the dev server started here (SQLite file
 * and Web UI under {@code .ibench/}), or the in-process test server when the CLI is not installed.
 * {@code started} is the server this command started, null when it used a running one.
 */
public record EmbeddedDefault(String address, String namespace, Optional<String> uiUrl, RunningServer started) {

    public static EmbeddedDefault connectOrStart(IbenchHome home, PrintStream log) {
        TemporalSettings settings = TemporalSettings.resolve(null, null, home, System::getenv);
        String address = settings.address();
        String namespace = settings.namespace();
        try (TemporalConnection probe = TemporalConnection.open(address, namespace)) {
            // a server named by the user gets longer to answer (a first gRPC connection on a loaded machine takes seconds)
            if (probe.isReachable(Duration.ofSeconds(settings.addressSource().equals("default") ? 2 : 15))) {
                log.println("Using the Temporal server already running on " + address);
                return new EmbeddedDefault(address, namespace, Optional.of(DevServerSettings.defaults(home.state()).uiUrl()), null);
            }
        }
        DevServerSettings dev = DevServerSettings.defaults(home.state());
        log.println((settings.addressSource().equals("default") ? "" : "No Temporal server answers at " + address + " (from "
                + settings.addressSource() + "). ") + "Starting the embedded Temporal dev server on " + dev.ip() + ":" + dev.port()
                + " (log: .ibench/temporal-server.log) ...");
        RunningServer started = new DevServerLauncher(home, System.err).start(dev, home.state().resolve("temporal-server.log"));
        return new EmbeddedDefault(started.address(), namespace, started.uiUrl(), started);
    }

    /** The UI page of one workflow, when there is a UI. */
    public Optional<String> workflowUrl(String workflowId) {
        return uiUrl.map(u -> u + "/namespaces/" + namespace + "/workflows/" + workflowId);
    }
}
