package dev.ibench.workers.testing;

import dev.ibench.workers.IbenchHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * JUnit fixture: the repository's {@code ./ibench} launcher as a user runs it (it builds the jar if stale), in a fresh
 * {@code IBENCH_HOME} with the repository's {@code data/} and {@code .tools/} linked in and none of this JVM's ibench
 * settings, so the command sees only what a test gives it. Output (stdout and stderr, as a terminal shows them) goes to
 * a log file.
 */
public final class IbenchLauncher {
    private final Path home;
    private final Map<String, String> environment;

    private IbenchLauncher(Path home, Map<String, String> environment) {
        this.home = home;
        this.environment = environment;
    }

    /** A fresh home under {@code dir} and the environment every run gets (e.g. TEMPORAL_ADDRESS, IBENCH_STORE). */
    public static IbenchLauncher inFreshHome(Path dir, Map<String, String> environment) throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Path repo = IbenchHome.resolve().root();
        Files.createSymbolicLink(home.resolve("data"), repo.resolve("data"));
        Files.createSymbolicLink(home.resolve(".tools"), repo.resolve(".tools"));
        return new IbenchLauncher(home, environment);
    }

    public Path home() {
        return home;
    }

    /** What one run printed and how it exited. */
    public record Run(int exit, String output) {
        public List<String> lines() {
            return output.lines().toList();
        }
    }

    /** Runs {@code ./ibench ARGS} in the home and waits up to {@code timeout} (then kills it and fails). */
    public Run run(Duration timeout, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", IbenchHome.resolve().root().resolve("ibench").toString()));
        command.addAll(List.of(args));
        Path log = home.resolve("launcher-" + String.join("-", args).replaceAll("[^A-Za-z0-9-]", "_") + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        for (String setting : List.of("IBENCH_DATA_ROOT", "IBENCH_STORE", "IBENCH_STORE_PASSWORD", "IBENCH_RESULTS_DB",
                "IBENCH_ARTIFACTS", "TEMPORAL_ADDRESS", "TEMPORAL_NAMESPACE", "IBENCH_DEBUG", "IBENCH_MODEL_DIR")) {
            builder.environment().remove(setting);
        }
        builder.environment().put("IBENCH_HOME", home.toString());
        builder.environment().putAll(environment);
        Process process = builder.start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("./ibench " + String.join(" ", args) + " did not end within " + timeout + ":\n" + Files.readString(log));
        }
        return new Run(process.exitValue(), Files.readString(log));
    }
}
