package dev.ibench.activities.llm.client;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * Where java-llama.cpp extracts its native library. Its loader deletes every file and empty folder named
 * {@code llama*} or {@code jllama*} in that folder before extracting, so it must be a folder only ibench uses,
 * never the system temp folder (its default): {@code $IBENCH_HOME/.ibench/native/java-llama.cpp-4.1.0}, else
 * the same under the {@code ibench.home} system property, else {@code ~/.cache/ibench/native/java-llama.cpp-4.1.0}.
 */
final class NativeLibraryFolder {
    /** The system property java-llama.cpp 4.1.0's {@code LlamaLoader} reads for its extraction folder. */
    static final String PROPERTY = "de.kherud.llama.tmpdir";
    private static final String SUBFOLDER = "native/java-llama.cpp-4.1.0";

    private NativeLibraryFolder() {}

    static Path resolve(Function<String, String> environment, Function<String, String> properties) {
        String home = environment.apply(ModelClients.HOME_ENV);
        if (home == null || home.isBlank()) {
            home = properties.apply("ibench.home");
        }
        if (home != null && !home.isBlank()) {
            return Path.of(home).resolve(".ibench").resolve(SUBFOLDER).toAbsolutePath().normalize();
        }
        return Path.of(properties.apply("user.home"), ".cache", "ibench").resolve(SUBFOLDER).toAbsolutePath().normalize();
    }
}
