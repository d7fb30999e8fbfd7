package dev.ibench.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's bundled {@code data/} folder, found from the module directory (tests) or the repository root. */
public final class BundledData {
    private BundledData() {}

    public static Path root() {
        for (Path p : new Path[] {Path.of("data"), Path.of("../data")}) {
            if (Files.isDirectory(p.resolve("bird"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("bundled data/ folder not found from " + Path.of("").toAbsolutePath());
    }

    /** A file under data/, e.g. {@code invocable-icl/slot_examples.json}; a missing file is an error naming it. */
    public static Path file(String relative) {
        Path file = root().resolve(relative);
        if (!Files.isRegularFile(file)) throw new IllegalStateException("test data " + file + " not found");
        return file;
    }
}
