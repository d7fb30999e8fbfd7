package dev.ibench.workers.server;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.temporal.TemporalSettings;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * The embedded default that commands running workflows themselves ({@code demo}, {@code build --style rest}) use:
 * the Temporal server at the configured address ({@link TemporalSettings}: {@code $TEMPORAL_ADDRESS}, else the config
 * file) when one answers, else the dev server started here (SQLite file
 * and Web UI under {@code .ibench/}), or the in-process test server when the CLI is not installed. An address the user
 * named that does not answer is an error naming it: the server is never started on the default port instead.
 * {@code started} is the server this command started, null when it used a running one.
 */
public record EmbeddedDefault(String address, String namespace, Optional<String> uiUrl, RunningServer started) {

    public static EmbeddedDefault connectOrStart(IbenchHome home, PrintStream log) {
        return connectOrStart(home, log, System::getenv, new DevServerLauncher(home, System.err));
    }

    /** With the environment and the launcher given (tests). */
    static EmbeddedDefault connectOrStart(IbenchHome home, PrintStream log, Function<String, String> environment,
                                          DevServerLauncher launcher) {
        TemporalSettings settings = TemporalSettings.resolve(null, null, home, environment);
        String address = settings.address();
        String namespace = settings.namespace();
        try (TemporalConnection probe = TemporalConnection.open(address, namespace)) {
            // a server named by the user gets longer to answer (a first gRPC connection on a loaded machine takes seconds)
            if (probe.isReachable(Duration.ofSeconds(settings.addressSource().equals("default") ? 2 : 15))) {
                log.println("Using the Temporal server already running on " + address);
                return new EmbeddedDefault(address, namespace, Optional.of(DevServerSettings.defaults(home.state()).uiUrl()), null);
            }
        }
        if (!settings.addressSource().equals("default")) {
            // the user named this server: starting another on the default port would be another installation's
            throw new IllegalStateException("no Temporal server answers at " + address + " (from " + settings.addressSource()
                    + "); start that server, or remove the setting to let this command start its own dev server on "
                    + TemporalConnection.DEFAULT_ADDRESS);
        }
        DevServerSettings dev = DevServerSettings.defaults(home.state());
        log.println("Starting the embedded Temporal dev server on " + dev.ip() + ":" + dev.port()
                + " (log: .ibench/temporal-server.log) ...");
        RunningServer started = launcher.start(dev, home.state().resolve("temporal-server.log"));
        return new EmbeddedDefault(started.address(), namespace, started.uiUrl(), started);
    }

    /** The UI page of one workflow, when there is a UI. */
    public Optional<String> workflowUrl(String workflowId) {
        return uiUrl.map(u -> u + "/namespaces/" + namespace + "/workflows/" + workflowId);
    }
}
