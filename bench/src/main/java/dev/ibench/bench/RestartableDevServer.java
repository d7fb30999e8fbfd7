package dev.ibench.bench;

import dev.ibench.workers.server.CliDevServer;
import dev.ibench.workers.server.DevServerLauncher;
import dev.ibench.workers.server.DevServerSettings;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A Temporal dev server (the temporal CLI) a chaos bench SIGKILLs and starts again on the same ports and SQLite file,
 * each start logging to its own {@code temporal-N.log} in the work folder.
 */
final class RestartableDevServer implements AutoCloseable {
    private final Path cli;
    private final DevServerSettings settings;
    private final Path work;
    private volatile CliDevServer server;
    private int starts;

    RestartableDevServer(Path cli, DevServerSettings settings, Path work) {
        this.cli = cli;
        this.settings = settings;
        this.work = work;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            CliDevServer s = server;
            if (s != null && s.process().isAlive()) {
                s.process().destroyForcibly();
            }
        }));
    }

    synchronized void start() {
        starts++;
        server = DevServerLauncher.startCli(cli, settings, work.resolve("temporal-" + starts + ".log"));
    }

    String address() {
        return settings.address();
    }

    /** The running server's process (null before the first start). */
    Process process() {
        CliDevServer s = server;
        return s == null ? null : s.process();
    }

    /** SIGKILL; returns the pid once it is gone. */
    synchronized long kill() throws InterruptedException {
        Process p = server.process();
        p.destroyForcibly();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("dev server pid " + p.pid() + " survived SIGKILL");
        }
        return p.pid();
    }

    @Override
    public synchronized void close() {
        if (server != null) {
            server.close();
        }
    }
}
