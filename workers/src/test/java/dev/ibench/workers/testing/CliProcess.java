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
 * JUnit fixture: an {@code ibench} command in its own JVM ({@code java -cp <test classpath> IbenchCli ...}),
 * output in a log file, ready once the log contains a given line. {@link #kill()} is SIGKILL,
 * {@link #close()} is SIGTERM (shutdown hooks run) with SIGKILL after 15 s.
 */
public final class CliProcess implements AutoCloseable {
    private static final long STARTUP_TIMEOUT_MS = 120_000;

    private final Process process;
    private final Path log;

    private CliProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    public static CliProcess start(List<String> args, String readyLine, Path log) {
        return start(args, readyLine, log, java.util.Map.of());
    }

    /** As {@link #start(List, String, Path)}, with extra environment variables for the child JVM. */
    public static CliProcess start(List<String> args, String readyLine, Path log, java.util.Map<String, String> environment) {
        return start(args, readyLine, log, environment, null);
    }

    /**
     * As {@link #start(List, String, Path, java.util.Map)}, run in {@code workingDirectory} (null: this JVM's) with
     * the ibench settings this JVM's environment may carry (data root, stores, artifacts) removed, so the child sees
     * only what {@code environment} gives it: a process "on another machine".
     */
    public static CliProcess isolated(List<String> args, String readyLine, Path log, java.util.Map<String, String> environment,
                                      Path workingDirectory) {
        return start(args, readyLine, log, environment, workingDirectory);
    }

    private static CliProcess start(List<String> args, String readyLine, Path log, java.util.Map<String, String> environment,
                                    Path workingDirectory) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", testClassPath(),
                "dev.ibench.workers.cli.IbenchCli"));
        command.addAll(args);
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().put("IBENCH_HOME", IbenchHome.resolve().root().toString());
            if (workingDirectory != null) {
                builder.directory(workingDirectory.toFile());
                for (String setting : List.of("IBENCH_DATA_ROOT", "IBENCH_STORE", "IBENCH_STORE_PASSWORD", "IBENCH_RESULTS_DB",
                        "IBENCH_ARTIFACTS", "TEMPORAL_ADDRESS")) {
                    builder.environment().remove(setting);
                }
            }
            builder.environment().putAll(environment);
            CliProcess cli = new CliProcess(builder.start(), log);
            cli.awaitLine(readyLine);
            return cli;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start ibench " + args, e);
        }
    }

    /** The real test classpath (surefire/failsafe may hide it behind a manifest-only jar). */
    private static String testClassPath() {
        String surefire = System.getProperty("surefire.test.class.path");
        return surefire != null && !surefire.isBlank() ? surefire : System.getProperty("java.class.path");
    }

    private void awaitLine(String readyLine) {
        long deadline = System.currentTimeMillis() + STARTUP_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline) {
            String output = output();
            if (output.contains(readyLine)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("ibench exited with " + process.exitValue()
                        + " before printing '" + readyLine + "':\n" + output);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        process.destroyForcibly();
        throw new IllegalStateException("ibench did not print '" + readyLine + "' within "
                + STARTUP_TIMEOUT_MS + " ms:\n" + output());
    }

    /** Waits for a batch command (e.g. {@code build}) to end and returns its exit code; kills it after {@code timeout}. */
    public int waitForExit(java.time.Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("ibench did not finish within " + timeout + ":\n" + output());
        }
        return process.exitValue();
    }

    /** SIGKILL: the JVM gets no chance to finish its work or say goodbye to the server. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("pid " + process.pid() + " survived SIGKILL");
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
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SIGTERM, so shutdown hooks run; SIGKILL if still alive after 15 s. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
