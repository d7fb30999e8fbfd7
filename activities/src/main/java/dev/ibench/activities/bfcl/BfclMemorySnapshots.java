package dev.ibench.activities.bfcl;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactIntegrityException;
import dev.ibench.activities.artifact.ArtifactStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * A BFCL memory backend's snapshots (the text of the file bfcl-eval's {@code _flush_memory_to_local_file} writes) kept in
 * the artifact store by their SHA-256: what a scenario's memory is after each prerequisite conversation, so that a retry,
 * or another worker, resumes from the last one stored instead of running the conversations again.
 */
public final class BfclMemorySnapshots {
    private final ArtifactStore store;

    public BfclMemorySnapshots(ArtifactStore store) {
        this.store = store;
    }

    /** Stores the snapshot text; its hash (storing the same text again keeps one copy). */
    public ArtifactHash put(String snapshot) {
        try {
            Path file = Files.createTempFile("bfcl-memory-snapshot", ".json");
            try {
                Files.writeString(file, snapshot, StandardCharsets.UTF_8);
                return store.put(file);
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a BFCL memory snapshot to store it in " + store.description(), e);
        }
    }

    /** The snapshot text stored under {@code hash}, verified against it. */
    public String get(ArtifactHash hash) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        store.copyTo(hash, bytes);
        byte[] content = bytes.toByteArray();
        MessageDigest digest = ArtifactHash.newDigest();
        digest.update(content);
        ArtifactHash actual = ArtifactHash.of(digest);
        if (!actual.equals(hash)) {
            throw new ArtifactIntegrityException(hash, actual, store.description());
        }
        return new String(content, StandardCharsets.UTF_8);
    }
}
