package dev.ibench.activities.llm.client;

import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import de.kherud.llama.args.LogFormat;
import java.io.IOException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Process-wide registry of loaded GGUF models: each file is loaded once (SmolLM2 is ~100 MB and takes
 * seconds to load) and shared by every {@link GgufClient}; callers serialise on the returned model.
 * Models stay loaded until the process exits.
 */
final class GgufModels {
    private static final Logger LOG = LoggerFactory.getLogger(GgufModels.class);
    private static final ConcurrentMap<String, LlamaModel> LOADED = new ConcurrentHashMap<>();
    private static volatile boolean loggerInstalled;

    private GgufModels() {}

    static LlamaModel get(Path file, int contextLength, int threads) {
        return get(file, contextLength, threads, false);
    }

    /**
     * @param jinja the instance that renders chat templates with llama.cpp's jinja engine (llama-server's
     *              {@code --jinja}), which reads tool calls and tool messages; loaded apart, on first use, so
     *              conversations without them keep the rendering they always had
     */
    static LlamaModel get(Path file, int contextLength, int threads, boolean jinja) {
        String key = file.toAbsolutePath().normalize() + "|ctx=" + contextLength + "|threads=" + threads + (jinja ? "|jinja" : "");
        return LOADED.computeIfAbsent(key, k -> load(file, contextLength, threads, jinja));
    }

    private static LlamaModel load(Path file, int contextLength, int threads, boolean jinja) {
        long start = System.nanoTime();
        LlamaModel model;
        // java-llama.cpp's native-library loader prints to System.out: into the log, so stdout stays clean for --json
        // output and a user's terminal for ibench's own lines
        PrintStream stdout = System.out;
        ByteArrayOutputStream loaderOutput = new ByteArrayOutputStream();
        synchronized (GgufModels.class) {
            System.setOut(new PrintStream(loaderOutput, true, StandardCharsets.UTF_8));
            try {
                useOwnNativeLibraryFolder();
                installLogger();
                ModelParameters parameters = new ModelParameters()
                        .setModel(file.toString())
                        .setCtxSize(contextLength)
                        .setThreads(threads)
                        .setThreadsBatch(threads)
                        .setParallel(1)
                        .disableLog();
                model = new LlamaModel(jinja ? parameters.enableJinja() : parameters);
            } finally {
                System.setOut(stdout);
                if (loaderOutput.size() > 0) {
                    LOG.info("java-llama.cpp: {}", loaderOutput.toString(StandardCharsets.UTF_8).strip());
                }
            }
        }
        LOG.info("loaded GGUF model {} (context {}, {} threads{}) in {} ms", file.getFileName(), contextLength, threads, jinja ? ", jinja templates" : "",
                (System.nanoTime() - start) / 1_000_000);
        return model;
    }

    /** Before the first load (which runs java-llama.cpp's loader): unless the user chose a folder, use ibench's own. */
    private static void useOwnNativeLibraryFolder() {
        if (System.getProperty(NativeLibraryFolder.PROPERTY) != null) {
            return;
        }
        Path folder = NativeLibraryFolder.resolve(System::getenv, System::getProperty);
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the native library folder " + folder + " for the gguf provider", e);
        }
        System.setProperty(NativeLibraryFolder.PROPERTY, folder.toString());
    }

    /** Routes llama.cpp's own logging to SLF4J (debug) instead of stderr. */
    private static synchronized void installLogger() {
        if (!loggerInstalled) {
            LlamaModel.setLogger(LogFormat.TEXT, (level, message) -> LOG.debug("llama.cpp {}: {}", level, message.stripTrailing()));
            loggerInstalled = true;
        }
    }

    static boolean exists(Path file) {
        return Files.isRegularFile(file);
    }
}
