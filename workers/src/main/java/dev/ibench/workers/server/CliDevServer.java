package dev.ibench.workers.server;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** {@code temporal server start-dev} running as a child process. */
public final class CliDevServer implements RunningServer {
    private final Process process;
    private final DevServerSettings settings;

    CliDevServer(Process process, DevServerSettings settings) {
        this.process = process;
        this.settings = settings;
    }

    /** The child process, e.g. to kill it with SIGKILL in crash tests. */
    public Process process() {
        return process;
    }

    @Override
    public String address() {
        return settings.address();
    }

    @Override
    public Optional<String> uiUrl() {
        return Optional.of(settings.uiUrl());
    }

    @Override
    public boolean persistent() {
        return true;
    }

    @Override
    public Optional<Long> pid() {
        return Optional.of(process.pid());
    }

    @Override
    public void join() throws InterruptedException {
        process.waitFor();
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
