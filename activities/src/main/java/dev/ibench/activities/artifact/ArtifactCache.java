package dev.ibench.activities.artifact;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;

/**
 * A worker's local copies of artifacts, {@code <dir>/<hex>}: fetched from the {@link ArtifactStore} on first use,
 * streamed to a temporary file while their SHA-256 is computed, and kept only when it matches the hash asked for
 * (else {@link ArtifactIntegrityException}). Files in the cache were verified when they were written.
 */
public final class ArtifactCache {
    private final ArtifactStore store;
    private final Path dir;

    public ArtifactCache(ArtifactStore store, Path dir) {
        this.store = store;
        this.dir = dir.toAbsolutePath().normalize();
    }

    public ArtifactStore store() {
        return store;
    }

    /** The local, verified file holding the artifact's bytes. */
    public Path fetch(ArtifactHash hash) {
        Path target = dir.resolve(hash.hex());
        if (Files.isRegularFile(target)) {
            return target;
        }
        try {
            Files.createDirectories(dir);
            Path temp = Files.createTempFile(dir, hash.hex(), ".part");
            try {
                MessageDigest digest = ArtifactHash.newDigest();
                try (OutputStream out = new DigestOutputStream(Files.newOutputStream(temp), digest)) {
                    store.copyTo(hash, out);
                }
                ArtifactHash actual = ArtifactHash.of(digest);
                if (!actual.equals(hash)) {
                    throw new ArtifactIntegrityException(hash, actual, store.description());
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write artifact " + hash + " into the local cache " + dir, e);
        }
        return target;
    }
}
