package dev.ibench.workers.restgen;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactIntegrityException;
import dev.ibench.activities.artifact.ArtifactStore;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Brings a REST generation job's published files (artifacts, by name) into the build's {@code --out}: each streamed
 * from the store to a temporary file while its SHA-256 is computed, kept only when it matches the reference, then
 * moved into place atomically, so {@code --out} never holds half a file or bytes other than those published.
 */
public final class RestOutputs {
    private RestOutputs() {}

    /** @return the files written, in the order of {@code artifacts} */
    public static List<Path> download(ArtifactStore store, Map<String, String> artifacts, Path out) throws IOException {
        Files.createDirectories(out);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<String, String> e : artifacts.entrySet()) {
            String name = e.getKey();
            if (name.isEmpty() || !name.equals(Path.of(name).getFileName().toString()) || name.startsWith(".")) {
                throw new IOException("REST output name '" + name + "' is not a plain file name");
            }
            ArtifactHash hash = ArtifactHash.parse(e.getValue());
            Path target = out.resolve(name);
            Path temp = Files.createTempFile(out, name, ".part");
            try {
                MessageDigest digest = ArtifactHash.newDigest();
                try (OutputStream stream = new DigestOutputStream(Files.newOutputStream(temp), digest)) {
                    store.copyTo(hash, stream);
                }
                ArtifactHash actual = ArtifactHash.of(digest);
                if (!actual.equals(hash)) throw new ArtifactIntegrityException(hash, actual, store.description());
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(temp);
            }
            written.add(target);
        }
        return written;
    }
}
