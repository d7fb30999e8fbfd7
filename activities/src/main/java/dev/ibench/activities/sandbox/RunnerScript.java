package dev.ibench.activities.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * A Python runner script shipped as a class-path resource, written into a work folder for {@code python3} to run.
 * Rewritten only when the file there differs, and atomically, so executors of several workers sharing the folder never
 * run a half-written script.
 */
public final class RunnerScript {
    private RunnerScript() {}

    /**
     * Writes resource {@code name} of {@code owner}'s package into {@code workDir}; returns the file.
     *
     * @param what the runner as error messages name it, e.g. "NESTful runner"
     */
    public static Path write(Class<?> owner, String name, Path workDir, String what) {
        try (var in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " missing from the ibench jar");
            }
            Path dir = Files.createDirectories(workDir.toAbsolutePath());
            Path file = dir.resolve(name);
            byte[] bytes = in.readAllBytes();
            if (!Files.exists(file) || !Arrays.equals(Files.readAllBytes(file), bytes)) {
                Path tmp = Files.createTempFile(dir, "runner", ".py");
                Files.write(tmp, bytes);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the " + what + " into " + workDir, e);
        }
    }
}
