package dev.ibench.workers.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

    /** As {@link #start(String, String, Path, String...)}, with extra environment variables (e.g. IBENCH_RESULTS_DB). */
    public static WorkerProcess start(String address, String roles, Path log, Map<String, String> environment, String... extraArgs) {
        List<String> args = new ArrayList<>(List.of("worker", "--roles", roles, "--address", address));
        args.addAll(List.of(extraArgs));
        return new WorkerProcess(CliProcess.start(args, "ibench worker ready", log, environment));
    }

    /**
     * A worker "on another machine": run in {@code home} (its working directory and {@code IBENCH_HOME}) with no ibench
     * setting from this JVM's environment, only {@code environment} (e.g. the store's JDBC URL and password).
     */
    public static WorkerProcess isolated(String address, String roles, Path home, Path log, Map<String, String> environment) {
        Map<String, String> env = new java.util.HashMap<>(environment);
        env.put("IBENCH_HOME", home.toString());
        List<String> args = List.of("worker", "--roles", roles, "--address", address);
        return new WorkerProcess(CliProcess.isolated(args, "ibench worker ready", log, env, home));
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
