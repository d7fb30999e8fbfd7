package dev.ibench.activities.artifact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The worker side of eval-set artifacts: unpacks the eval set a {@link EvalSetManifest} names into
 * {@code <dir>/<manifest hex>/} with its companion files under their relative paths, every {@code database_path}
 * rewritten to the verified local copy of that database in the {@link ArtifactCache}, so the tool runtime, the REST
 * endpoints and the scorers open them as local files. The folder appears by an atomic rename once complete, so a
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
                for (Map.Entry<String, String> file : manifest.files().entrySet()) {
                    Path local = temp.resolve(file.getKey()).normalize();
                    if (!local.startsWith(temp)) {
                        throw new IllegalArgumentException("artifact manifest " + manifestHash + ": file path '" + file.getKey() + "' leaves its folder");
                    }
                    Files.createDirectories(local.getParent());
                    Path blob = cache.fetch(ArtifactHash.parse(file.getValue()));
                    if (JsonDocuments.isJson(file.getKey()) && !manifest.databases().isEmpty()) {
                        writeWithLocalDatabases(blob, local, manifest.databases());
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

    private void writeWithLocalDatabases(Path blob, Path local, Map<String, String> databases) throws IOException {
        List<JsonNode> documents = JsonDocuments.read(blob);
        for (JsonNode root : documents) {
            rewrite(root, databases);
        }
        JsonDocuments.write(local, documents);
    }

    private void rewrite(JsonNode node, Map<String, String> databases) {
        if (node instanceof ObjectNode object) {
            JsonNode path = object.get("database_path");
            if (path != null && path.isTextual() && databases.containsKey(path.asText())) {
                object.put("database_path", cache.fetch(ArtifactHash.parse(databases.get(path.asText()))).toString());
            }
        }
        for (JsonNode child : node) {
            rewrite(child, databases);
        }
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
