package dev.ibench.activities.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.artifact.ArtifactStore;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.dataset.Dataset;
import dev.ibench.core.dataset.Question;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a REST generation job needs of its dataset, as one artifact (format {@value #FORMAT}): the database as the
 * machine that started the job loaded it (id, the {@code database_path} samples store, column descriptions,
 * warnings), the SQLite file by hash ({@code null} when the dataset has none), every question of that database in
 * dataset order, and the data root the published files name. Workers rebuild the job's data from it and the
 * artifacts it names, so they need no copy of the dataset ({@code docs/rest-benchmarks.md}).
 */
public record RestDatasetBundle(
        String format,
        String source,
        @JsonProperty("db_id") String dbId,
        @JsonProperty("portable_path") String portablePath,
        @JsonProperty("data_root") String dataRoot,
        String sqlite,
        Map<String, Map<String, String>> descriptions,
        List<String> warnings,
        List<Question> questions) {
    public static final String FORMAT = "ibench-rest-dataset/1";

    /** The bundle of database {@code dbId} of a loaded dataset, storing its SQLite file in {@code artifacts}. */
    public static RestDatasetBundle of(Dataset dataset, String dbId, Path dataRoot, ArtifactStore artifacts) {
        DatabaseEntry db = dataset.databases().stream().filter(d -> d.id().equals(dbId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the " + dataset.source() + " dataset has no database '" + dbId + "'"));
        String sqlite = db.sqliteFile() == null ? null : artifacts.put(db.sqliteFile()).toString();
        Map<String, Map<String, String>> descriptions = new TreeMap<>();
        db.descriptions().forEach((table, columns) -> descriptions.put(table, new TreeMap<>(columns)));
        List<Question> questions = dataset.questions().stream().filter(q -> q.dbId().equals(dbId)).toList();
        return new RestDatasetBundle(FORMAT, dataset.source(), dbId, db.portablePath(), dataRoot.toString().replace('\\', '/'), sqlite,
                descriptions, db.warnings(), questions);
    }

    /** Stores the bundle (sorted keys, so the same data always gives the same reference) and returns its reference. */
    public String store(ArtifactStore artifacts, Path scratch) {
        try {
            Files.createDirectories(scratch);
            Path file = Files.createTempFile(scratch, "rest-dataset-" + dbId, ".json");
            try {
                Files.write(file, Json.MAPPER.writeValueAsBytes(this));
                return artifacts.put(file).toString();
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store the REST dataset of " + dbId + ": " + e.getMessage(), e);
        }
    }

    /** Reads a bundle from its verified local copy; anything but format {@value #FORMAT} is refused with the reference named. */
    public static RestDatasetBundle read(Path file, String reference) throws IOException {
        RestDatasetBundle bundle = Json.MAPPER.readValue(file.toFile(), RestDatasetBundle.class);
        if (!FORMAT.equals(bundle.format())) {
            throw new IOException("artifact " + reference + " is not a REST dataset (format '" + bundle.format() + "', expected " + FORMAT + ")");
        }
        return bundle;
    }

    /** The database entry with its SQLite file at {@code localSqlite} (this machine's verified copy, or null). */
    public DatabaseEntry database(Path localSqlite) {
        return new DatabaseEntry(dbId, localSqlite, portablePath, descriptions, warnings);
    }

    /** The SQLite file's hash, or null when the dataset has none. */
    public ArtifactHash sqliteHash() {
        return sqlite == null ? null : ArtifactHash.parse(sqlite);
    }
}
