package dev.ibench.core.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Locates the bundled sample data: the repository's {@code data/} folder (tests run from the module directory),
 * falling back to {@code /work/shared/data} on a development machine where {@code data/} has not been copied yet.
 */
public final class SharedData {
    private SharedData() {}

    public static Path file(String relative) {
        for (Path root : new Path[] {Path.of("..", "data"), Path.of("data"), Path.of("/work/shared/data")}) {
            Path candidate = root.resolve(relative);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("test data " + relative + " not found under ../data, data or /work/shared/data");
    }
}
