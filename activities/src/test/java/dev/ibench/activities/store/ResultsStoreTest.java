package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {
    @TempDir Path dir;

    @Test
    void writesAreIdempotentPerKeyAndSurviveReopening() {
        Path file = dir.resolve("results.db");
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c1", "demo", "{}");
            store.saveCell(new CellRecord("c1/m/b/direct", "c1", "m", "b", "direct", "none", "b.json", 1));
            store.saveCellSamples("c1/m/b/direct", List.of("s2", "s1"));
            store.saveCellSamples("c1/m/b/direct", List.of("other"));
            store.saveModelCall(new ModelCallRecord("c1/m/b/direct", "s1", 0, 0, "k", "first", 1, 2, 3L, false));
            store.saveModelCall(new ModelCallRecord("c1/m/b/direct", "s1", 0, 0, "k", "second", 1, 2, 3L, true));
            store.saveSampleResult(new SampleResultRecord("c1/m/b/direct", "s1", 0, SampleResultRecord.INFRA_ERROR, null, null, "503"));
            store.saveSampleResult(new SampleResultRecord("c1/m/b/direct", "s1", 0, SampleResultRecord.SCORED, true, "{}", null));
        }
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            assertThat(store.cellSampleIds("c1/m/b/direct")).containsExactly("s2", "s1");
            assertThat(store.modelCall("c1/m/b/direct", "s1", 0, 0)).get()
                    .satisfies(r -> {
                        assertThat(r.rawOutput()).isEqualTo("second");
                        assertThat(r.cacheHit()).isTrue();
                    });
            assertThat(store.sampleResults("c1/m/b/direct")).singleElement()
                    .satisfies(r -> {
                        assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED);
                        assertThat(r.completed()).isTrue();
                    });
            assertThat(store.cells("c1")).extracting(CellRecord::model).containsExactly("m");
            assertThat(store.modelCall("c1/m/b/direct", "s2", 0, 0)).isEmpty();
        }
    }

    @Test
    void aRejectedItemKeepsItsMessageReplacesAnInfraErrorAndNeverHidesAScore() {
        Path file = dir.resolve("results.db");
        String cell = "c1/m/b/direct";
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            store.saveInfraError(cell, "s1", 0, "503 Service Unavailable");
            store.saveRejected(cell, "s1", 0, "prompt of 14500 tokens exceeds the context of 8192");
            store.saveInfraError(cell, "s1", 0, "a late duplicate");
            store.saveSampleResult(new SampleResultRecord(cell, "s2", 0, SampleResultRecord.SCORED, false, "{}", null));
            store.saveRejected(cell, "s2", 0, "too long");
        }
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            List<SampleResultRecord> results = new ResultsStore(db).sampleResults(cell);
            assertThat(results).filteredOn(r -> r.sampleId().equals("s1")).singleElement().satisfies(r -> {
                assertThat(r.status()).isEqualTo(SampleResultRecord.REJECTED);
                assertThat(r.isRejected()).isTrue();
                assertThat(r.isInfraError()).isFalse();
                assertThat(r.error()).isEqualTo("prompt of 14500 tokens exceeds the context of 8192");
            });
            assertThat(results).filteredOn(r -> r.sampleId().equals("s2")).singleElement()
                    .extracting(SampleResultRecord::status).isEqualTo(SampleResultRecord.SCORED);
        }
    }

    @Test
    void aDatabaseFromBeforeTheRejectedStatusIsUpgradedWithoutLosingRows() throws Exception {
        Path file = dir.resolve("old.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE sample_results (cell_id TEXT NOT NULL, sample_id TEXT NOT NULL, trial INTEGER NOT NULL, "
                    + "status TEXT NOT NULL CHECK (status IN ('scored', 'infra_error')), completed INTEGER, score_json TEXT, "
                    + "error TEXT, updated_at TEXT NOT NULL, PRIMARY KEY (cell_id, sample_id, trial))");
            s.execute("INSERT INTO sample_results VALUES ('c', 's1', 0, 'scored', 1, '{\"x\":1}', NULL, '2026-01-01T00:00:00Z')");
            s.execute("INSERT INTO sample_results VALUES ('c', 's2', 0, 'infra_error', NULL, NULL, '503', '2026-01-01T00:00:00Z')");
        }
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            store.saveRejected("c", "s2", 0, "context length exceeded");
        }
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            assertThat(new ResultsStore(db).sampleResults("c"))
                    .extracting(SampleResultRecord::sampleId, SampleResultRecord::status, SampleResultRecord::completed,
                            SampleResultRecord::scoreJson, SampleResultRecord::error)
                    .containsExactlyInAnyOrder(
                            org.assertj.core.groups.Tuple.tuple("s1", "scored", true, "{\"x\":1}", null),
                            org.assertj.core.groups.Tuple.tuple("s2", "rejected", null, null, "context length exceeded"));
        }
    }
}
