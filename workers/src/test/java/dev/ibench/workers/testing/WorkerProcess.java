package dev.ibench.workers.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * JUnit fixture: {@code ibench worker} in a separate JVM, so a test can SIGKILL it with {@link #kill()}
 * mid-activity. Ready once the worker prints {@code ibench worker ready}.
 */
public final class WorkerProcess implements AutoCloseable {
    private final CliProcess process;

    private WorkerProcess(CliProcess process) {
        this.process = process;
    }

    /** Starts a worker for {@code roles} against {@code address} and waits until it polls. */
    public static WorkerProcess start(String address, String roles, Path log, String... extraArgs) {
        List<String> args = new ArrayList<>(List.of("worker", "--roles", roles, "--address", address));
        args.addAll(List.of(extraArgs));
        return new WorkerProcess(CliProcess.start(args, "ibench worker ready", log));
    }

    /** Like {@link #start(String, String, Path, String...)} with extra environment variables for the worker JVM. */
    public static WorkerProcess start(String address, String roles, Path log, java.util.Map<String, String> environment) {
        List<String> args = new ArrayList<>(List.of("worker", "--roles", roles, "--address", address));
        return new WorkerProcess(CliProcess.start(args, "ibench worker ready", log, environment));
    }

    /** SIGKILL ({@code Process.destroyForcibly()}). */
    public void kill() throws InterruptedException {
        process.kill();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String output() {
        return process.output();
    }

    @Override
    public void close() throws InterruptedException {
        process.close();
    }
}
