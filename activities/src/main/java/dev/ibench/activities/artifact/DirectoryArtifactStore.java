package dev.ibench.activities.artifact;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Artifacts as files {@code <dir>/sha256/<first two hex digits>/<hex>} (a folder every machine mounts, e.g. NFS).
 * A put copies to a temporary file in the same folder and renames it, so readers never see a partial artifact.
 */
public final class DirectoryArtifactStore implements ArtifactStore {
    private final Path root;

    public DirectoryArtifactStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    private Path fileOf(ArtifactHash hash) {
        return root.resolve("sha256").resolve(hash.hex().substring(0, 2)).resolve(hash.hex());
    }

    @Override
    public ArtifactHash put(Path file) {
        ArtifactHash hash = ArtifactHash.of(file);
        Path target = fileOf(hash);
        if (Files.isRegularFile(target)) {
            return hash;
        }
        try {
            Files.createDirectories(target.getParent());
            Path temp = Files.createTempFile(target.getParent(), hash.hex(), ".part");
            try {
                Files.copy(file, temp, StandardCopyOption.REPLACE_EXISTING);
                if (!ArtifactHash.of(temp).equals(hash)) {
                    throw new IllegalStateException(file + " changed while it was stored as an artifact; store it again");
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store " + file + " in " + description(), e);
        }
        return hash;
    }

    @Override
    public boolean contains(ArtifactHash hash) {
        return Files.isRegularFile(fileOf(hash));
    }

    @Override
    public void copyTo(ArtifactHash hash, OutputStream out) {
        try (InputStream in = Files.newInputStream(fileOf(hash))) {
            in.transferTo(out);
        } catch (NoSuchFileException e) {
            throw new ArtifactNotFoundException(hash, description());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read artifact " + hash + " from " + description(), e);
        }
    }

    @Override
    public String description() {
        return "the artifact directory " + root;
    }
}
