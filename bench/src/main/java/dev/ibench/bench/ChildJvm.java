package dev.ibench.bench;

import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.StoreSetting;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** An {@code ibench} command in its own JVM on this process's classpath, with the store in IBENCH_STORE. */
final class ChildJvm {
    private final Process process;

    private static final List<Process> STARTED = new java.util.concurrent.CopyOnWriteArrayList<>();

    static {
        // the bench stops by itself; if it is interrupted, it still leaves no worker behind
        Runtime.getRuntime().addShutdownHook(new Thread(() -> STARTED.forEach(Process::destroyForcibly)));
    }

    private ChildJvm(Process process) {
        this.process = process;
    }

    record Result(int exitCode, String output) {}

    private static ProcessBuilder builder(IbenchHome home, Path store, Path log, List<String> args) throws IOException {
        return builder(home, store.toString(), Map.of(), log, args);
    }

    /** {@code store}: a file path or a JDBC URL, as IBENCH_STORE takes it; {@code environment}: more variables (e.g. the store's password). */
    private static ProcessBuilder builder(IbenchHome home, String store, Map<String, String> environment, Path log, List<String> args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), "dev.ibench.workers.cli.IbenchCli"));
        command.addAll(args);
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        b.environment().put("IBENCH_HOME", home.root().toString());
        b.environment().put(StoreSetting.VARIABLE, store);
        b.environment().putAll(environment);
        return b;
    }

    static ChildJvm start(IbenchHome home, Path store, Path log, String readyLine, String... args) throws Exception {
        return start(home, store.toString(), Map.of(), log, readyLine, args);
    }

    /** As {@link #start(IbenchHome, Path, Path, String, String...)} with the store as IBENCH_STORE takes it and more variables. */
    static ChildJvm start(IbenchHome home, String store, Map<String, String> environment, Path log, String readyLine, String... args)
            throws Exception {
        long from = Files.exists(log) ? Files.size(log) : 0;
        Process p = builder(home, store, environment, log, List.of(args)).start();
        STARTED.add(p);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            String out = Files.exists(log) ? Files.readString(log) : "";
            if (out.length() > from && out.substring((int) Math.min(from, out.length())).contains(readyLine)) {
                return new ChildJvm(p);
            }
            if (!p.isAlive()) {
                throw new IllegalStateException("ibench " + String.join(" ", args) + " exited " + p.exitValue() + " (see " + log + ")");
            }
            Thread.sleep(200);
        }
        p.destroyForcibly();
        throw new IllegalStateException("ibench " + String.join(" ", args) + " printed no '" + readyLine + "' (see " + log + ")");
    }

    static Result run(IbenchHome home, Path store, Path log, List<String> args, Duration timeout) throws Exception {
        return run(home, store.toString(), Map.of(), log, args, timeout);
    }

    static Result run(IbenchHome home, String store, Map<String, String> environment, Path log, List<String> args, Duration timeout)
            throws Exception {
        Path own = Files.createTempFile(log.getParent(), "cmd-", ".log");
        Process p = builder(home, store, environment, own, args).start();
        STARTED.add(p);
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new IllegalStateException("ibench " + String.join(" ", args) + " did not end within " + timeout);
        }
        String out = Files.readString(own);
        Files.writeString(log, "$ ibench " + String.join(" ", args) + "\n" + out, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        Files.delete(own);
        return new Result(p.exitValue(), out);
    }

    long pid() {
        return process.pid();
    }

    /** SIGKILL. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("worker pid " + process.pid() + " survived SIGKILL");
        }
    }

    /** SIGTERM, then SIGKILL after 15 s. */
    void stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
