package dev.ibench.activities.artifact;

import dev.ibench.core.json.Json;
import dev.ibench.core.nestful.NestfulEvalSetFiles;
import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.scratch.ScratchFolder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Stores an eval-set file and everything a worker needs to run it as artifacts, then an {@link EvalSetManifest}
 * naming them by hash, and returns the manifest's hash: the eval set's reference in campaign records. A database a
 * file names ({@code database_path}) is looked up as the workers would: absolute as is, else under the data root,
 * else under the file's own {@code data_root}; one that exists nowhere is an error naming the file and the path. The
 * manifest is staged as a file of ibench's {@link ScratchFolder}, removed once stored.
 */
public final class EvalSetPublisher {
    private final ArtifactStore store;
    private final Path dataRoot;
    private final ScratchFolder scratch;

    public EvalSetPublisher(ArtifactStore store, Path dataRoot, ScratchFolder scratch) {
        this.store = store;
        this.dataRoot = dataRoot;
        this.scratch = scratch;
    }

    public ArtifactHash publish(Path evalSet) {
        Path file = evalSet.toAbsolutePath().normalize();
        Path folder = file.getParent();
        Map<String, String> files = new TreeMap<>();
        Map<String, String> data = new TreeMap<>();
        Map<String, String> databases = new TreeMap<>();
        for (Path companion : companions(file)) {
            files.put(folder.relativize(companion).toString(), store.put(companion).toString());
            if (JsonDocuments.isJson(companion.getFileName().toString())) {
                for (Map.Entry<String, Path> db : databasesNamedBy(companion).entrySet()) {
                    if (databases.containsKey(db.getKey())) {
                        continue;
                    }
                    String underData = dataPathOf(db.getKey(), db.getValue());
                    databases.put(db.getKey(), underData);
                    data.put(underData, store.put(db.getValue()).toString());
                    for (Path description : descriptionsBeside(db.getValue())) {
                        data.put(Path.of(underData).resolveSibling("database_description").resolve(description.getFileName()).toString(),
                                store.put(description).toString());
                    }
                }
            }
        }
        EvalSetManifest manifest = new EvalSetManifest(EvalSetManifest.FORMAT, file.getFileName().toString(), files, data, databases);
        Path temp = scratch.newFile("eval-set-manifest", ".json");
        try {
            Json.MAPPER.writeValue(temp.toFile(), manifest);
            return store.put(temp);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the artifact manifest of " + file + " to " + temp + ": " + e.getMessage(), e);
        } finally {
            scratch.delete(temp);
        }
    }

    /** The eval set and the files that travel with it: a REST set's endpoints, a NESTful set's functions folder. */
    private static List<Path> companions(Path evalSet) {
        List<Path> files = new ArrayList<>(List.of(evalSet));
        if (RestEndpointRuntime.isRestEvalSet(evalSet)) {
            Path endpoints = RestPublication.endpointsFileOf(evalSet);
            if (Files.isRegularFile(endpoints)) {
                files.add(endpoints);
            }
        }
        if (NestfulEvalSetFiles.isNestfulEvalSet(evalSet)) {
            Path functions = NestfulEvalSetFiles.functionsFolder(evalSet);
            if (Files.isDirectory(functions)) {
                try (Stream<Path> walk = Files.walk(functions)) {
                    walk.filter(Files::isRegularFile).sorted().forEach(files::add);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot list " + functions, e);
                }
            }
        }
        return files;
    }

    /**
     * Where a database goes under the unpacked data root: its {@code database_path} when that is relative and stays
     * inside, else a folder named by its hash (absolute paths of the starting machine mean nothing elsewhere).
     */
    private static String dataPathOf(String databasePath, Path file) {
        Path p = Path.of(databasePath).normalize();
        if (!p.isAbsolute() && !p.startsWith("..") && !p.toString().isEmpty()) {
            return p.toString();
        }
        return "by-hash/" + ArtifactHash.of(file).hex().substring(0, 16) + "/" + file.getFileName();
    }

    /** BIRD's column descriptions beside a database ({@code database_description/*.csv}), read by the SQL baseline. */
    private static List<Path> descriptionsBeside(Path database) {
        Path folder = database.resolveSibling("database_description");
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + folder, e);
        }
    }

    /** Every {@code database_path} in a JSON file, with the database file it names. */
    private Map<String, Path> databasesNamedBy(Path jsonFile) {
        List<JsonDocuments.DatabasePaths> documents;
        try {
            documents = JsonDocuments.databasePaths(jsonFile);
        } catch (IOException e) {
            throw new IllegalArgumentException("eval set " + jsonFile + " is not readable JSON: " + e.getMessage(), e);
        }
        Map<String, Path> found = new TreeMap<>();
        for (JsonDocuments.DatabasePaths document : documents) {
            for (String path : document.paths()) {
                if (!found.containsKey(path)) {
                    found.put(path, locate(jsonFile, path, document.dataRoot()));
                }
            }
        }
        return found;
    }

    private Path locate(Path jsonFile, String databasePath, String ownDataRoot) {
        Path p = Path.of(databasePath);
        List<Path> candidates = p.isAbsolute() ? List.of(p)
                : ownDataRoot == null ? List.of(dataRoot.resolve(p)) : List.of(dataRoot.resolve(p), Path.of(ownDataRoot).resolve(p));
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException(jsonFile + ": database_path '" + databasePath + "' names no file (looked for "
                + candidates + "; set IBENCH_DATA_ROOT to the folder the eval set's databases are under)");
    }
}
