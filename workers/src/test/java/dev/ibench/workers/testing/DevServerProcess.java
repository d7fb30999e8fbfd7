package dev.ibench.workers.testing;

import dev.ibench.testing.FreePorts;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.server.CliDevServer;
import dev.ibench.workers.server.DevServerExitedException;
import dev.ibench.workers.server.DevServerLauncher;
import dev.ibench.workers.server.DevServerSettings;
import dev.ibench.workers.server.TemporalCliLocator;
import dev.ibench.workers.temporal.TemporalConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * JUnit fixture: the REAL {@code temporal server start-dev} from {@code .tools/bin/temporal} on free
 * ports with a given SQLite file. It can be SIGKILLed and restarted on the same file and ports.
 * Fails (never skips) when the CLI is missing or the server does not start.
 */
public final class DevServerProcess implements AutoCloseable {
    private final Path cli;
    private final DevServerSettings settings;
    private final Path logDir;
    private CliDevServer server;
    private int starts;

    private DevServerProcess(Path cli, DevServerSettings settings, Path logDir) {
        this.cli = cli;
        this.settings = settings;
        this.logDir = logDir;
    }

    /** Fresh ports a first start is tried on before the fixture gives up. */
    private static final int FIRST_START_TRIES = 3;

    /**
     * Starts a dev server storing its state in {@code dbFile}, logging under {@code logDir}. A server that exits before
     * it is ready (e.g. one of its ports was taken between choosing and binding it) is started again on fresh ports.
     */
    public static DevServerProcess start(Path dbFile, Path logDir) {
        Path cli = temporalCli();
        for (int tries = 1; ; tries++) {
            DevServerSettings settings = new DevServerSettings(
                    "127.0.0.1", FreePorts.next(), FreePorts.next(), FreePorts.next(), FreePorts.next(), dbFile);
            DevServerProcess process = new DevServerProcess(cli, settings, logDir);
            try {
                process.startServer();
                return process;
            } catch (DevServerExitedException e) {
                if (tries == FIRST_START_TRIES) {
                    throw e;
                }
                System.err.println("DevServerProcess: start " + tries + " of " + FIRST_START_TRIES + " failed, trying fresh ports: "
                        + e.getMessage());
            }
        }
    }

    /** The real temporal CLI: {@code .tools/bin/temporal}, else on PATH; fails when it is missing. */
    public static Path temporalCli() {
        IbenchHome home = IbenchHome.resolve();
        Path cli = home.toolsBin().resolve("temporal");
        if (Files.isExecutable(cli)) {
            return cli;
        }
        return TemporalCliLocator.find(home).orElseThrow(() -> new IllegalStateException(
                "the temporal CLI is missing (looked for " + home.toolsBin().resolve("temporal")
                        + " and on PATH): run deploy/local/install-tools.sh"));
    }

    private void startServer() {
        starts++;
        server = DevServerLauncher.startCli(cli, settings, logDir.resolve("devserver-" + settings.port() + "-" + starts + ".log"));
    }

    /** Kills the server with SIGKILL (no graceful shutdown) and waits for it to be gone. */
    public void kill() throws InterruptedException {
        Process process = server.process();
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("dev server pid " + process.pid() + " survived SIGKILL");
        }
    }

    /** Starts the server again on the same SQLite file and ports. */
    public void restart() {
        if (server.process().isAlive()) {
            throw new IllegalStateException("restart() needs the server stopped first (call kill())");
        }
        startServer();
    }

    public boolean isAlive() {
        return server.process().isAlive();
    }

    public String address() {
        return settings.address();
    }

    public String uiUrl() {
        return settings.uiUrl();
    }

    public Path dbFile() {
        return settings.dbFile();
    }

    public Path cli() {
        return cli;
    }

    public TemporalConnection connect() {
        return TemporalConnection.open(address(), TemporalConnection.DEFAULT_NAMESPACE);
    }

    @Override
    public void close() {
        server.close();
    }
}
