package dev.ibench.activities.rest;

import dev.ibench.core.scratch.ScratchFolder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.artifact.ArtifactIntegrityException;
import dev.ibench.activities.artifact.DatabaseArtifactStore;
import dev.ibench.activities.artifact.DirectoryArtifactStore;
import dev.ibench.activities.rest.RestWorkStore.PlanRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.StoreCopy;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import io.temporal.failure.ApplicationFailure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * REST work records in the results store, content in the artifact store: what one machine writes another reads
 * (two connections, two {@link RestWorkRecords}, nothing else shared), a stored step is not computed again, and a
 * damaged record is refused.
 */
@ExtendWith(LocalPostgresExtension.class)
class RestWorkRecordsTest {
    @TempDir Path dir;
    private ResultsDatabase machineA;
    private ResultsDatabase machineB;

    @AfterEach
    void close() {
        if (machineA != null) machineA.close();
        if (machineB != null) machineB.close();
    }

    private static String sha256Hex(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void aRecordWrittenOnOneMachineIsReadOnAnotherAndAStoredStepIsNotComputedAgain(StoreBackend backend, LocalPostgres pg) throws Exception {
        StoreLocation location = backend.newStore(dir, pg);
        machineA = backend.open(location, pg);
        machineB = backend.open(location, pg);
        RestWorkRecords a = new RestWorkRecords(machineA, new DatabaseArtifactStore(machineA), new ScratchFolder(dir.resolve("scratch")));
        RestWorkRecords b = new RestWorkRecords(machineB, new DatabaseArtifactStore(machineB), new ScratchFolder(dir.resolve("scratch")));

        byte[] json = "{\"questions\":3}".getBytes(StandardCharsets.UTF_8);
        a.write("bird-superhero-0123456789ab", "plan.json", json);
        assertThat(b.read("bird-superhero-0123456789ab", "plan.json")).hasValue(json);
        assertThat(b.read("bird-superhero-0123456789ab", "dedup.json")).isEmpty();
        assertThat(b.read("bird-superhero-ffffffffffff", "plan.json")).as("another job's records are apart").isEmpty();
        try (Connection c = machineB.connection();
             PreparedStatement q = c.prepareStatement("SELECT r.sha256, a.size_bytes FROM rest_work_records r JOIN artifacts a ON a.sha256 = r.sha256"
                     + " WHERE r.work_id = ? AND r.name = ?")) {
            q.setString(1, "bird-superhero-0123456789ab");
            q.setString(2, "plan.json");
            try (ResultSet rs = q.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).as("the row names the content by its SHA-256").isEqualTo(sha256Hex(json));
                assertThat(rs.getLong(2)).isEqualTo(json.length);
            }
        }

        byte[] replaced = "{\"questions\":4}".getBytes(StandardCharsets.UTF_8);
        b.write("bird-superhero-0123456789ab", "plan.json", replaced);
        assertThat(a.read("bird-superhero-0123456789ab", "plan.json")).as("writing a name again points it at the new bytes").hasValue(replaced);

        // the step semantics on top: machine B finds machine A's plan and does not compute its own
        RestWorkStore storeA = new RestWorkStore(a, "spider-singer-000000000001");
        RestWorkStore storeB = new RestWorkStore(b, "spider-singer-000000000001");
        AtomicInteger computed = new AtomicInteger();
        PlanRecord first = storeA.plan(() -> {
            computed.incrementAndGet();
            return new PlanRecord(2, List.of("q1"), Map.of("q2", "sql_error"));
        });
        PlanRecord second = storeB.plan(() -> {
            computed.incrementAndGet();
            return new PlanRecord(0, List.of(), Map.of());
        });
        assertThat(computed).hasValue(1);
        assertThat(second).isEqualTo(first);
        storeA.writeGold("q1", List.of(List.of("Spider-Man", 1)));
        assertThat(storeB.gold("q1")).isEqualTo(List.of(List.of("Spider-Man", 1)));
    }

    @Test
    void storeMigrateCarriesTheRecordsFromSqliteToPostgres(LocalPostgres pg) {
        machineA = StoreBackend.SQLITE.open(StoreBackend.SQLITE.newStore(dir, pg), pg);
        machineB = StoreBackend.POSTGRESQL.open(StoreBackend.POSTGRESQL.newStore(dir, pg), pg);
        byte[] json = "{\"endpoints\":[]}".getBytes(StandardCharsets.UTF_8);
        new RestWorkRecords(machineA, new DatabaseArtifactStore(machineA), new ScratchFolder(dir.resolve("scratch"))).write("spider-singer-000000000002", "dedup.json", json);

        Map<String, StoreCopy.TableCount> counts = StoreCopy.copy(machineA, machineB);
        assertThat(counts).containsEntry("rest_work_records", new StoreCopy.TableCount(1, 1));
        assertThat(new RestWorkRecords(machineB, new DatabaseArtifactStore(machineB), new ScratchFolder(dir.resolve("scratch"))).read("spider-singer-000000000002", "dedup.json"))
                .hasValue(json);
    }

    @Test
    void aLostInputStopsTheStepWithoutRetriesAndNamesTheStore() {
        machineA = ResultsDatabase.open(dir.resolve("results.db"));
        RestWorkStore store = new RestWorkStore(new RestWorkRecords(machineA, new DatabaseArtifactStore(machineA), new ScratchFolder(dir.resolve("scratch"))), "bird-superhero-0123456789ab");
        assertThatThrownBy(store::requirePlan).isInstanceOf(ApplicationFailure.class)
                .satisfies(e -> assertThat(((ApplicationFailure) e).isNonRetryable()).isTrue())
                .hasMessageContaining("bird-superhero-0123456789ab").hasMessageContaining("no plan").hasMessageContaining("IBENCH_STORE");
    }

    @Test
    void aDamagedRecordIsRefused() throws Exception {
        machineA = ResultsDatabase.open(dir.resolve("results.db"));
        Path artifacts = dir.resolve("artifacts");
        RestWorkRecords records = new RestWorkRecords(machineA, new DirectoryArtifactStore(artifacts), new ScratchFolder(dir.resolve("scratch")));
        byte[] json = "{\"questions\":3}".getBytes(StandardCharsets.UTF_8);
        records.write("w", "plan.json", json);
        assertThat(dir.resolve("scratch")).as("the record staged in the scratch folder given, then removed").isEmptyDirectory();
        String hex = sha256Hex(json);
        Path stored = artifacts.resolve("sha256").resolve(hex.substring(0, 2)).resolve(hex);
        assertThat(stored).as("the content is an artifact, by hash").hasBinaryContent(json);
        stored.toFile().setWritable(true);
        Files.write(stored, "{\"questions\":9}".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> records.read("w", "plan.json")).isInstanceOf(ArtifactIntegrityException.class).hasMessageContaining(hex);
    }
}
