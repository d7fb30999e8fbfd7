package dev.ibench.activities.artifact;

import java.io.OutputStream;
import java.nio.file.Path;

/**
 * Where artifacts live, addressed by the SHA-256 of their bytes (docs/artifacts.md): the results database
 * ({@link DatabaseArtifactStore}, the default) or a directory ({@link DirectoryArtifactStore}). Writes are idempotent:
 * storing the same bytes twice, from any number of machines, keeps one copy.
 */
public interface ArtifactStore {
    /** Stores a file's bytes (streamed, never whole in memory) and returns their hash. */
    ArtifactHash put(Path file);

    /** Whether the store holds the complete artifact. */
    boolean contains(ArtifactHash hash);

    /**
     * Writes the artifact's bytes to {@code out}, as stored (the caller verifies them).
     *
     * @throws ArtifactNotFoundException when the store does not hold it
     */
    void copyTo(ArtifactHash hash, OutputStream out);

    /** How errors name this store (never with a password). */
    String description();
}
