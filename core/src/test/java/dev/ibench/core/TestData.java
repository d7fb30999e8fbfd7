package dev.ibench.core;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the repository's bundled {@code data/} folder from a module's working directory. */
public final class TestData {
    private TestData() {}

    public static Path root() {
        for (Path p : new Path[] {Path.of("data"), Path.of("../data")}) {
            if (Files.isDirectory(p.resolve("bird"))) return p.toAbsolutePath().normalize();
        }
        throw new IllegalStateException("bundled data/ folder not found from " + Path.of("").toAbsolutePath());
    }

    public static Path superhero() {
        return root().resolve("bird/dev_databases/superhero/superhero.sqlite");
    }
}
