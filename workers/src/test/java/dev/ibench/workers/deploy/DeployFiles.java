package dev.ibench.workers.deploy;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository root seen from a test (Maven runs tests in the module folder). */
final class DeployFiles {
    private DeployFiles() {}

    static Path root() {
        for (Path p : new Path[] {Path.of(""), Path.of("..")}) {
            if (Files.isDirectory(p.resolve("deploy/local"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("deploy/ folder not found from " + Path.of("").toAbsolutePath());
    }
}
