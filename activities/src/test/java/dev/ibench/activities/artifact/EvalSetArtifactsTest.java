package dev.ibench.activities.artifact;

import dev.ibench.core.scratch.ScratchFolder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An eval set published on one "machine" (its files and data root) and unpacked on another (an empty folder with
 * only the store): the samples are the same, and every database_path now names a verified local copy.
 */
@ExtendWith(LocalPostgresExtension.class)
class EvalSetArtifactsTest {
    @TempDir Path dir;

    private static final String SAMPLE = """
            {"sample_id": "%s", "dataset_name": "t", "input": "How many heroes?", "query": "SELECT COUNT(*) FROM hero",
             "gold_answer": [[2]], "output": [], "tools": [],
             "initialization_step": {"name": "initialize_active_data", "database_path": "%s",
                                     "alias_to_table_dict": {"hero": "hero"}, "label": "starting_table"}}""";

    private Path database(Path file, String name) throws Exception {
        Files.createDirectories(file.getParent());
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE hero(name TEXT)");
            s.execute("INSERT INTO hero VALUES ('" + name + "'), ('b')");
        }
        return file;
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void aRestEvalSetTravelsWithItsEndpointsAndDatabasesAndIsReadFromAnotherFolder(StoreBackend backend, LocalPostgres pg) throws Exception {
        Path machineA = dir.resolve("a");
        Path dataRoot = machineA.resolve("data");
        database(dataRoot.resolve("bird/hero/hero.sqlite"), "a");
        Files.createDirectories(dataRoot.resolve("bird/hero/database_description"));
        Files.writeString(dataRoot.resolve("bird/hero/database_description/hero.csv"), "original_column_name,column_description\nname,the hero's name\n");
        database(dataRoot.resolve("bird/other/other.sqlite"), "z");
        Path evalSet = machineA.resolve("out/bird-hero-rest.json");
        Files.createDirectories(evalSet.getParent());
        Files.writeString(evalSet, "{\"data\": [" + SAMPLE.formatted("s1", "bird/hero/hero.sqlite") + ","
                + SAMPLE.formatted("s2", "bird/other/other.sqlite") + "], \"data_root\": \"" + dataRoot + "\"}");
        Files.writeString(RestPublication.endpointsFileOf(evalSet), "{\"source\": \"bird\", \"db_id\": \"hero\", "
                + "\"database_path\": \"bird/hero/hero.sqlite\", \"data_root\": \"" + dataRoot + "\", \"endpoints\": []}");

        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ArtifactStore store = new DatabaseArtifactStore(db);
            ArtifactHash ref = new EvalSetPublisher(store, dataRoot, new ScratchFolder(dir.resolve("scratch"))).publish(evalSet);
            assertThat(new EvalSetPublisher(store, dataRoot, new ScratchFolder(dir.resolve("scratch"))).publish(evalSet)).as("same content, same reference").isEqualTo(ref);
            assertThat(dir.resolve("scratch")).as("manifests staged in the scratch folder given, then removed").isEmptyDirectory();
            try (Connection c = db.connection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM artifacts")) {
                rs.next();
                assertThat(rs.getInt(1)).as("eval set, endpoints, two databases, one description, manifest").isEqualTo(6);
            }
            // "machine B": nothing but the store; its own empty cache folder
            Path machineB = dir.resolve("b");
            EvalSetArtifacts unpacker = new EvalSetArtifacts(new ArtifactCache(store, machineB.resolve("cache")), machineB.resolve("sets"));
            Path local = unpacker.localPath(ref.toString());
            assertThat(local).startsWith(machineB).hasFileName("bird-hero-rest.json");
            assertThat(unpacker.localPath(ref.toString())).isEqualTo(local);

            List<EvalSample> samples = EvalSetReader.read(local);
            assertThat(samples).extracting(EvalSample::sampleId).containsExactly("s1", "s2");
            Path heroCopy = Path.of((String) samples.get(0).initializationStep().get("database_path"));
            Path otherCopy = Path.of((String) samples.get(1).initializationStep().get("database_path"));
            assertThat(heroCopy).isAbsolute().isEqualTo(local.resolveSibling("data/bird/hero/hero.sqlite"));
            assertThat(heroCopy.resolveSibling("database_description/hero.csv")).as("BIRD descriptions travel with the database")
                    .hasContent("original_column_name,column_description\nname,the hero's name\n");
            assertThat(Files.readAllBytes(heroCopy)).isEqualTo(Files.readAllBytes(dataRoot.resolve("bird/hero/hero.sqlite")));
            assertThat(Files.readAllBytes(otherCopy)).isEqualTo(Files.readAllBytes(dataRoot.resolve("bird/other/other.sqlite")));
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + otherCopy); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT name FROM hero ORDER BY name")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("b");
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("z");
            }
            RestPublication endpoints = RestPublication.ofEvalSet(local);
            assertThat(endpoints.databaseFile(null)).isEqualTo(heroCopy);
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void jsonLinesEvalSetsKeepEveryLine(StoreBackend backend, LocalPostgres pg) throws Exception {
        Path dataRoot = dir.resolve("data");
        database(dataRoot.resolve("h.sqlite"), "a");
        Path evalSet = dir.resolve("set.jsonl");
        Files.writeString(evalSet, (SAMPLE.formatted("s1", "h.sqlite") + "\n" + SAMPLE.formatted("s2", "h.sqlite") + "\n")
                .replaceAll("\n +", " ").replace("} {", "}\n{"));
        assertThat(EvalSetReader.read(evalSet)).hasSize(2);
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ArtifactStore store = new DatabaseArtifactStore(db);
            ArtifactHash ref = new EvalSetPublisher(store, dataRoot, new ScratchFolder(dir.resolve("scratch"))).publish(evalSet);
            Path local = new EvalSetArtifacts(new ArtifactCache(store, dir.resolve("b/cache")), dir.resolve("b/sets")).localPath(ref.toString());
            List<EvalSample> samples = EvalSetReader.read(local);
            assertThat(samples).extracting(EvalSample::sampleId).containsExactly("s1", "s2");
            assertThat(samples).allSatisfy(s -> assertThat(Path.of((String) s.initializationStep().get("database_path")))
                    .startsWith(dir.resolve("b/sets")).hasFileName("h.sqlite"));
            JsonNode manifest = Json.MAPPER.readTree(new ArtifactCache(store, dir.resolve("b/cache")).fetch(ref).toFile());
            assertThat(manifest.path("databases").path("h.sqlite").asText()).isEqualTo("h.sqlite");
            assertThat(manifest.path("data").path("h.sqlite").asText()).isEqualTo(ArtifactHash.of(dataRoot.resolve("h.sqlite")).toString());
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void aDatabaseThatExistsNowhereIsAnErrorNamingIt(StoreBackend backend, LocalPostgres pg) throws Exception {
        Path evalSet = dir.resolve("x-slot.json");
        Files.writeString(evalSet, "[" + SAMPLE.formatted("s1", "gone/gone.sqlite") + "]");
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            assertThatThrownBy(() -> new EvalSetPublisher(new DatabaseArtifactStore(db), dir.resolve("data"), new ScratchFolder(dir.resolve("scratch"))).publish(evalSet))
                    .hasMessageContaining("x-slot.json").hasMessageContaining("gone/gone.sqlite").hasMessageContaining("IBENCH_DATA_ROOT");
        }
    }

    @org.junit.jupiter.api.Test
    void aCampaignRecordedWithAPathStillReadsThatFile() throws Exception {
        Path evalSet = dir.resolve("old-slot.json");
        Files.writeString(evalSet, "[" + SAMPLE.formatted("s1", "h.sqlite") + "]");
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            EvalSetArtifacts locator = new EvalSetArtifacts(new ArtifactCache(new DatabaseArtifactStore(db), dir.resolve("cache")), dir.resolve("sets"));
            assertThat(locator.localPath(evalSet.toString())).isEqualTo(evalSet);
            assertThat(new dev.ibench.activities.campaign.EvalSetCache(locator).samples(evalSet.toString())).containsOnlyKeys("s1");
            assertThat(dir.resolve("cache")).doesNotExist();
        }
    }
}
