package dev.ibench.activities.llm;

import dev.ibench.activities.llm.client.ModelClients;
import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the SmolLM2 test model for integration tests: IBENCH_MODEL_DIR, else .tools/models of the repository. */
public final class TestModelFile {
    static final String NAME = "SmolLM2-135M-Instruct.Q4_1.gguf";

    private TestModelFile() {}

    public static Path dir() {
        String env = System.getenv(ModelClients.MODEL_DIR_ENV);
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve(".tools/models")) && !Files.isDirectory(dir.resolve(".git"))
                && !Files.isRegularFile(dir.resolve(".git"))) {
            dir = dir.getParent();
        }
        return (dir == null ? Path.of("") : dir).resolve(".tools/models");
    }

    /** The model file; fails (never skips) with instructions when it is missing. */
    public static Path require() {
        Path file = dir().resolve(NAME);
        if (!Files.isRegularFile(file)) {
            throw new AssertionError("SmolLM2 test model not found at " + file.toAbsolutePath()
                    + ": run deploy/local/install-tools.sh (fetches it into .tools/models) or set IBENCH_MODEL_DIR");
        }
        return file;
    }
}
