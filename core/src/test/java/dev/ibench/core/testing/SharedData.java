package dev.ibench.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Locates the bundled sample data: the repository's {@code data/} folder (tests run from the module directory).
 * (Core's tests cannot use the {@code testing} module's {@code BundledData}: that module depends on core.)
 */
public final class SharedData {
    private SharedData() {}

    public static Path file(String relative) {
        for (Path root : new Path[] {Path.of("..", "data"), Path.of("data")}) {
            Path candidate = root.resolve(relative);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("test data " + relative + " not found under ../data or data");
    }
}
