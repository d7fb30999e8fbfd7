package dev.ibench.workers.testing;

import dev.ibench.workers.IbenchHome;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * JUnit fixture: {@code ibench worker} in a separate JVM ({@code java -cp <test classpath>}), so a test
 * can SIGKILL it with {@link #kill()} mid-activity.
 */
public final class WorkerProcess implements AutoCloseable {
    private static final String READY_LINE = "ibench worker ready";
    private static final long STARTUP_TIMEOUT_MS = 120_000;

    private final Process process;
    private final Path log;

    private WorkerProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts a worker for {@code roles} against {@code address} and waits until it polls. */
    public static WorkerProcess start(String address, String roles, Path log, String... extraArgs) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", testClassPath(),
                "dev.ibench.workers.cli.IbenchCli", "worker", "--roles", roles, "--address", address));
        command.addAll(List.of(extraArgs));
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().put("IBENCH_HOME", IbenchHome.resolve().root().toString());
            WorkerProcess worker = new WorkerProcess(builder.start(), log);
            worker.awaitReady();
            return worker;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start a worker JVM", e);
        }
    }

    /** The real test classpath (surefire/failsafe may hide it behind a manifest-only jar). */
    private static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    private void awaitReady() throws IOException {
        long deadline = System.currentTimeMillis() + STARTUP_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains(READY_LINE)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("worker JVM exited with " + process.exitValue()
                        + " before it was ready:\n" + Files.readString(log));
            }
            sleep(100);
        }
        process.destroyForcibly();
        throw new IllegalStateException("worker JVM not ready within " + STARTUP_TIMEOUT_MS + " ms; log " + log);
    }

    /** SIGKILL: the JVM gets no chance to finish its activity or say goodbye to the server. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("worker pid " + process.pid() + " survived SIGKILL");
        }
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
