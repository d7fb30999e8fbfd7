package dev.ibench.activities.llm.client;

import dev.ibench.activities.llm.client.GgufModels;
import java.nio.file.Path;

/** Test tool: loads a GGUF model in a fresh JVM (so java-llama.cpp's native loader runs its clean-up here). */
public final class GgufLoadProbe {
    private GgufLoadProbe() {}

    public static void main(String[] args) {
        GgufModels.get(Path.of(args[0]), 512, 1);
        System.err.println("loaded; native library folder: " + System.getProperty("de.kherud.llama.tmpdir"));
        System.exit(0); // llama.cpp threads would keep the JVM alive
    }
}
