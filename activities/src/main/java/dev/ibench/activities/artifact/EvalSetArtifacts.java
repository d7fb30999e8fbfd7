package dev.ibench.activities.artifact;

import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The worker side of eval-set artifacts: unpacks the eval set a {@link EvalSetManifest} names into
 * {@code <dir>/<manifest hex>/} with its companion files under their relative paths and its databases (with their
 * column descriptions) under {@code data/}, every {@code database_path} rewritten to the absolute path of its local
 * copy, so the tool runtime, the REST endpoints and the scorers open them as local files. Every file comes from the
 * {@link ArtifactCache}, which verified its SHA-256. The folder appears by an atomic rename once complete, so a
 * crash mid-unpack leaves nothing half-made behind and another process on the same machine can share it.
 */
public final class EvalSetArtifacts implements EvalSetLocator {
    private final ArtifactCache cache;
    private final Path dir;
    private final Map<ArtifactHash, Path> unpacked = new ConcurrentHashMap<>();

    public EvalSetArtifacts(ArtifactCache cache, Path dir) {
        this.cache = cache;
        this.dir = dir.toAbsolutePath().normalize();
    }

    @Override
    public Path localPath(String evalSet) {
        if (!ArtifactHash.isReference(evalSet)) {
            return Path.of(evalSet);
        }
        return unpacked.computeIfAbsent(ArtifactHash.parse(evalSet), this::unpack);
    }

    /**
     * The eval-set file alone that a manifest names, as the verified cache holds it: its databases and companion files
     * are not fetched and its database paths not rewritten. Enough to tell what kind of set it is (e.g. BFCL
     * multi-turn) without unpacking its databases.
     */
    public Path evalSetFileOnly(ArtifactHash manifestHash) {
        EvalSetManifest manifest = manifest(manifestHash);
        String blob = manifest.files().get(manifest.evalSet());
        if (blob == null) {
            throw new IllegalArgumentException("artifact manifest " + manifestHash + " names eval set '" + manifest.evalSet()
                    + "' but holds no file of that name");
        }
        return cache.fetch(ArtifactHash.parse(blob));
    }

    private Path unpack(ArtifactHash manifestHash) {
        EvalSetManifest manifest = manifest(manifestHash);
        Path target = dir.resolve(manifestHash.hex());
        Path evalSet = target.resolve(manifest.evalSet());
        if (Files.isRegularFile(evalSet)) {
            return evalSet;
        }
        try {
            Files.createDirectories(dir);
            Path temp = Files.createTempDirectory(dir, manifestHash.hex() + ".part");
            try {
                Map<String, String> localDatabases = new java.util.TreeMap<>();
                for (Map.Entry<String, String> file : manifest.data().entrySet()) {
                    place(manifestHash, temp.resolve("data"), file.getKey(), file.getValue());
                }
                for (Map.Entry<String, String> db : manifest.databases().entrySet()) {
                    localDatabases.put(db.getKey(), target.resolve("data").resolve(db.getValue()).normalize().toString());
                }
                for (Map.Entry<String, String> file : manifest.files().entrySet()) {
                    Path local = inside(manifestHash, temp, file.getKey());
                    Files.createDirectories(local.getParent());
                    Path blob = cache.fetch(ArtifactHash.parse(file.getValue()));
                    if (JsonDocuments.isJson(file.getKey()) && !localDatabases.isEmpty()) {
                        JsonDocuments.copyReplacingDatabasePaths(blob, local, localDatabases);
                    } else {
                        Files.copy(blob, local, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                try {
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException otherProcessWon) {
                    // the same content, unpacked by another worker process on this machine
                }
            } finally {
                deleteTree(temp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack eval set " + manifestHash + " into " + target, e);
        }
        return evalSet;
    }

    private static Path inside(ArtifactHash manifestHash, Path folder, String relative) {
        Path local = folder.resolve(relative).normalize();
        if (!local.startsWith(folder) || Path.of(relative).isAbsolute()) {
            throw new IllegalArgumentException("artifact manifest " + manifestHash + ": path '" + relative + "' leaves its folder");
        }
        return local;
    }

    /**
     * A copy of a verified cached file at {@code relative} under {@code folder} (a copy, not a link: SQLite may write
     * beside or into a database it opens, and the cache entry must keep its hash).
     */
    private void place(ArtifactHash manifestHash, Path folder, String relative, String reference) throws IOException {
        Path local = inside(manifestHash, folder, relative);
        Files.createDirectories(local.getParent());
        Path blob = cache.fetch(ArtifactHash.parse(reference));
        Files.copy(blob, local, StandardCopyOption.REPLACE_EXISTING);
    }

    private EvalSetManifest manifest(ArtifactHash hash) {
        Path file = cache.fetch(hash);
        EvalSetManifest manifest;
        try {
            manifest = Json.MAPPER.readValue(file.toFile(), EvalSetManifest.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("artifact " + hash + " is not an eval-set manifest: " + e.getMessage(), e);
        }
        if (!EvalSetManifest.FORMAT.equals(manifest.format()) || manifest.evalSet() == null) {
            throw new IllegalArgumentException("artifact " + hash + " is not an eval-set manifest (format '" + manifest.format() + "')");
        }
        return manifest;
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
