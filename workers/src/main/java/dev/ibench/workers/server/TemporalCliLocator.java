package dev.ibench.workers.server;

import dev.ibench.workers.IbenchHome;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds the {@code temporal} CLI: first {@code .tools/bin/temporal} (install-tools.sh), then the PATH. */
public final class TemporalCliLocator {
    private TemporalCliLocator() {}

    public static Optional<Path> find(IbenchHome home) {
        Path local = home.toolsBin().resolve("temporal");
        if (Files.isExecutable(local)) {
            return Optional.of(local);
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir).resolve("temporal");
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
