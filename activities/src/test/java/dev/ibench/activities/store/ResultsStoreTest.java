package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.activities.store.testing.StoreBackend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The results store's contract, on SQLite and on a real PostgreSQL started by the tests. */
@ExtendWith(LocalPostgresExtension.class)
class ResultsStoreTest {
    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void oneTransactionCommitsItsWritesTogetherOrNone(StoreBackend backend, LocalPostgres pg) {
        StoreLocation location = backend.newStore(dir, pg);
        try (ResultsDatabase db = backend.open(location, pg)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c1", "demo", "{}");
            store.saveCell(new CellRecord("c1/m/b/direct", "c1", "m", "b", "direct", "none", "b.json", 1));
            store.saveCellSamples("c1/m/b/direct", List.of("s0", "s1", "s2", "s3"));

            db.inOneTransaction(() -> {
                store.savePrompt("c1/m/b/direct", "s1", 0, "{}");
                store.saveModelCall(new ModelCallRecord("c1/m/b/direct", "s1", 0, 0, "k1", "out1", 1, 2, 3L, false));
                store.saveModelCall(new ModelCallRecord("c1/m/b/direct", "s2", 1, 0, "k2", "out2", 1, 2, 3L, false));
            });
            RuntimeException boom = new IllegalStateException("boom");
            assertThatThrownBy(() -> db.inOneTransaction(() -> {
                // each of these commits on its own outside a group; inside one, the failure after them undoes both
                store.saveModelCall(new ModelCallRecord("c1/m/b/direct", "s3", 0, 0, "k3", "out3", 1, 2, 3L, false));
                store.savePrompt("c1/m/b/direct", "s3", 0, "{}");
                throw boom;
            })).isSameAs(boom);

            assertThat(store.modelCall("c1/m/b/direct", "s1", 0, 0)).get().extracting(ModelCallRecord::rawOutput).isEqualTo("out1");
            assertThat(store.prompt("c1/m/b/direct", "s1", 0)).contains("{}");
            assertThat(store.modelCall("c1/m/b/direct", "s3", 0, 0)).isEmpty();
            assertThat(store.prompt("c1/m/b/direct", "s3", 0)).isEmpty();
            // the batch reads: positions 1..3 hold s1, s2, s3; of those, s1 trial 0 and s2 trial 1 have an output
            assertThat(store.sampleIdsBetween("c1/m/b/direct", 1, 4)).containsExactlyInAnyOrderEntriesOf(Map.of(1, "s1", 2, "s2", 3, "s3"));
            assertThat(store.storedModelCallsBetween("c1/m/b/direct", 1, 4))
                    .containsExactlyInAnyOrder(ResultsStore.storedCallKey("s1", 0), ResultsStore.storedCallKey("s2", 1));
            assertThat(store.storedModelCallsBetween("c1/m/b/direct", 2, 3)).containsExactly(ResultsStore.storedCallKey("s2", 1));
            // the store works as before once the group is over (its connection is back in autocommit)
            store.savePrompt("c1/m/b/direct", "s0", 0, "{\"after\": true}");
            assertThat(store.prompt("c1/m/b/direct", "s0", 0)).contains("{\"after\": true}");
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void writesAreIdempotentPerKeyAndSurviveReopening(StoreBackend backend, LocalPostgres pg) {
        StoreLocation location = backend.newStore(dir, pg);
        try (ResultsDatabase db = backend.open(location, pg)) {
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
        try (ResultsDatabase db = backend.open(location, pg)) {
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

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void aRejectedItemKeepsItsMessageReplacesAnInfraErrorAndNeverHidesAScore(StoreBackend backend, LocalPostgres pg) {
        StoreLocation location = backend.newStore(dir, pg);
        String cell = "c1/m/b/direct";
        try (ResultsDatabase db = backend.open(location, pg)) {
            ResultsStore store = new ResultsStore(db);
            store.saveInfraError(cell, "s1", 0, "503 Service Unavailable");
            store.saveRejected(cell, "s1", 0, "prompt of 14500 tokens exceeds the context of 8192");
            store.saveInfraError(cell, "s1", 0, "a late duplicate");
            store.saveSampleResult(new SampleResultRecord(cell, "s2", 0, SampleResultRecord.SCORED, false, "{}", null));
            store.saveRejected(cell, "s2", 0, "too long");
        }
        try (ResultsDatabase db = backend.open(location, pg)) {
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

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void campaignsAndCellsComeBackInTheOrderTheyWereFirstStored(StoreBackend backend, LocalPostgres pg) {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("zeta", "z", "{\"n\":1}");
            store.saveCampaign("alpha", "a", "{\"n\":2}");
            store.saveCampaign("zeta", "z again", "{\"n\":3}");
            for (String model : List.of("m3", "m1", "m2")) {
                store.saveCell(new CellRecord("zeta/" + model, "zeta", model, "b", "direct", "none", "b.json", 1));
            }
            store.saveCell(new CellRecord("zeta/m3", "zeta", "m3", "b", "direct", "none", "b2.json", 2));
            assertThat(store.campaignSpecJsons()).containsExactly("{\"n\":3}", "{\"n\":2}");
            assertThat(store.cells("zeta")).extracting(CellRecord::model).containsExactly("m3", "m1", "m2");
            assertThat(store.cell("zeta/m3")).get().extracting(CellRecord::evalSet, CellRecord::trials)
                    .containsExactly("b2.json", 2);
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void anErrorRecordedTwiceKeepsOneRowWithTheLatestMessage(StoreBackend backend, LocalPostgres pg) throws Exception {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ResultsStore store = new ResultsStore(db);
            store.recordError("c", "s1", 0, 2, "timeout", "first");
            store.recordError("c", "s1", 0, 2, "timeout", "second");
            store.recordError("c", "s1", 0, 2, "http_500", "other kind");
            try (Connection c = db.connection(); Statement s = c.createStatement();
                 java.sql.ResultSet rs = s.executeQuery("SELECT kind, message FROM errors ORDER BY kind")) {
                List<String> rows = new java.util.ArrayList<>();
                while (rs.next()) {
                    rows.add(rs.getString(1) + "=" + rs.getString(2));
                }
                assertThat(rows).containsExactly("http_500=other kind", "timeout=second");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void errorCountsCountAnswersPerKindOfOneCell(StoreBackend backend, LocalPostgres pg) throws Exception {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ResultsStore store = new ResultsStore(db);
            store.recordError("c", "s1", 0, 0, "warn_a", "a on s1");
            store.recordError("c", "s1", 1, 0, "warn_a", "a on s1 trial 1");
            store.recordError("c", "s2", 0, 0, "warn_a", "a on s2");
            store.recordError("c", "s2", 0, 0, "warn_b", "b on s2");
            store.recordError("c", "s3", 0, 0, "infra_error", "not asked for");
            store.recordError("other", "s1", 0, 0, "warn_a", "another cell");
            // 3 answers (s1/0, s1/1, s2/0) have warn_a; 1 has warn_b; infra_error and the other cell are not counted
            assertThat(store.errorCounts("c", List.of("warn_a", "warn_b")))
                    .containsExactly(new ErrorCount("warn_a", 3, "a on s1"), new ErrorCount("warn_b", 1, "b on s2"));
            assertThat(store.errorCounts("c", List.of())).isEmpty();
            assertThat(store.errorCounts("none", List.of("warn_a"))).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void concurrentWritersNeitherLoseNorDuplicateRows(StoreBackend backend, LocalPostgres pg) throws Exception {
        int writers = 8;
        int own = 150;
        int shared = 40;
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ResultsStore store = new ResultsStore(db);
            ExecutorService pool = Executors.newFixedThreadPool(writers);
            try {
                List<Future<?>> done = new java.util.ArrayList<>();
                for (int w = 0; w < writers; w++) {
                    int writer = w;
                    done.add(pool.submit(() -> {
                        for (int i = 0; i < own; i++) {
                            store.saveSampleResult(new SampleResultRecord("cell", "w" + writer + "-s" + i, 0,
                                    SampleResultRecord.SCORED, i % 2 == 0, "{\"w\":" + writer + "}", null));
                        }
                        for (int i = 0; i < shared; i++) {
                            store.saveInfraError("cell", "shared-" + i, 0, "from writer " + writer);
                        }
                    }));
                }
                for (Future<?> f : done) {
                    f.get();
                }
            } finally {
                pool.shutdownNow();
            }
            List<SampleResultRecord> results = store.sampleResults("cell");
            assertThat(results).hasSize(writers * own + shared);
            assertThat(results).extracting(SampleResultRecord::sampleId).doesNotHaveDuplicates();
            assertThat(results).filteredOn(SampleResultRecord::isInfraError).hasSize(shared);
            assertThat(results).filteredOn(r -> Boolean.TRUE.equals(r.completed())).hasSize(writers * own / 2);
        }
    }

    @Test
    void aStoreWrittenBeforeVersionedMigrationsMigratesInPlaceKeepingEveryRow() throws Exception {
        Path file = dir.resolve("pre-flyway.db");
        String oldSchema;
        try (var in = ResultsStoreTest.class.getResourceAsStream("pre-flyway-schema.sql")) {
            oldSchema = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).replaceAll("(?m)--.*$", "");
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
            for (String ddl : oldSchema.split(";")) {
                if (!ddl.isBlank()) {
                    s.execute(ddl);
                }
            }
            s.execute("INSERT INTO campaigns VALUES ('old', 'old campaign', '{\"v\":0}', '2026-01-01T00:00:00Z')");
            s.execute("INSERT INTO cells VALUES ('old/m2', 'old', 'm2', 'b', 'direct', 'none', '/data/b.json', 1)");
            s.execute("INSERT INTO cells VALUES ('old/m1', 'old', 'm1', 'b', 'direct', 'none', '/data/b.json', 1)");
            s.execute("INSERT INTO cell_samples VALUES ('old/m2', 0, 's9'), ('old/m2', 1, 's1')");
            s.execute("INSERT INTO model_calls VALUES ('old/m2', 's9', 0, 0, 'k', 'raw', 10, 5, 123, 0, '2026-01-01T00:00:00Z')");
            s.execute("INSERT INTO sample_results VALUES ('old/m2', 's9', 0, 'scored', 1, '{\"x\":1}', NULL, '2026-01-01T00:00:00Z')");
            s.execute("INSERT INTO rendered_prompts VALUES ('old/m2', 's9', 0, '{\"raw\":\"p\"}')");
            s.execute("INSERT INTO llm_response_cache(cache_key, endpoint, model, response_json, prompt_tokens, completion_tokens, "
                    + "latency_ms, created_at) VALUES ('k', 'e', 'm', '{\"text\":\"hi\"}', 1, 2, 3, '2026-01-01T00:00:00Z')");
        }
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            assertThat(store.campaignName("old")).contains("old campaign");
            assertThat(store.cells("old")).extracting(CellRecord::model).containsExactly("m2", "m1");
            assertThat(store.cellSampleIds("old/m2")).containsExactly("s9", "s1");
            assertThat(store.modelCall("old/m2", "s9", 0, 0)).get().extracting(ModelCallRecord::rawOutput, ModelCallRecord::latencyMs)
                    .containsExactly("raw", 123L);
            assertThat(store.prompt("old/m2", "s9", 0)).contains("{\"raw\":\"p\"}");
            assertThat(store.sampleResults("old/m2")).singleElement().extracting(SampleResultRecord::scoreJson).isEqualTo("{\"x\":1}");
            store.saveRejected("old/m2", "s1", 0, "too long");
            assertThat(store.sampleResults("old/m2")).extracting(SampleResultRecord::status).containsExactly("scored", "rejected");
            assertThat(new dev.ibench.activities.llm.cache.ResponseCache(db).size()).isEqualTo(1);
            store.saveAblationGeneration("k", "paraphrase", "s1", "{\"rewrite\":\"q\"}");
            assertThat(store.ablationGeneration("k")).as("V2 added the ablation table to the old file").contains("{\"rewrite\":\"q\"}");
            assertThat(appliedMigrations(db)).containsExactly("0", "1", "1.1", "2", "3", "3.1", "3.2", "4.1.1", "4.2.1", "4.3.1", "4.5.1", "5.1.1", "5.1.2", "5.3.1", "6.1.1", "6.2.1", "6.3.1", "7.3.1");
            assertThat(Installation.of(db).legacyQueues()).as("it held campaigns before it had an installation id").isTrue();
        }
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            assertThat(appliedMigrations(db)).as("a second open applies nothing").containsExactly("0", "1", "1.1", "2", "3", "3.1", "3.2", "4.1.1", "4.2.1", "4.3.1", "4.5.1", "5.1.1", "5.1.2", "5.3.1", "6.1.1", "6.2.1", "6.3.1", "7.3.1");
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void aNewStoreRunsEveryMigrationOfItsDialect(StoreBackend backend, LocalPostgres pg) throws Exception {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            assertThat(appliedMigrations(db)).containsExactlyElementsOf(
                    backend == StoreBackend.SQLITE ? List.of("1", "1.1", "2", "3", "3.1", "3.2", "4.1.1", "4.2.1", "4.3.1", "4.5.1", "5.1.1", "5.1.2", "5.3.1", "6.1.1", "6.2.1", "6.3.1", "7.3.1") : List.of("1", "2", "3", "3.1", "3.2", "4.1.1", "4.2.1", "4.3.1", "4.5.1", "5.1.1", "5.1.2", "5.3.1", "6.1.1", "6.2.1", "6.3.1", "7.3.1"));
        }
    }

    /** A store gets one random installation id when created, kept on every later open; two stores get two ids. */
    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void aNewStoreHasItsOwnInstallationIdKeptAcrossOpens(StoreBackend backend, LocalPostgres pg) throws Exception {
        Installation first;
        var store = backend.newStore(dir, pg);
        try (ResultsDatabase db = backend.open(store, pg)) {
            first = Installation.of(db);
        }
        assertThat(first.id()).matches("[a-z0-9]{12}");
        assertThat(first.legacyQueues()).as("no campaign started before the id").isFalse();
        try (ResultsDatabase db = backend.open(store, pg)) {
            assertThat(Installation.of(db)).isEqualTo(first);
        }
        try (ResultsDatabase other = backend.open(backend.newStore(java.nio.file.Files.createDirectories(dir.resolve("other")), pg), pg)) {
            assertThat(Installation.of(other).id()).isNotEqualTo(first.id());
        }
    }

    @ParameterizedTest
    @EnumSource(StoreBackend.class)
    void reasoningIsStoredWithTheRawOutput(StoreBackend backend, LocalPostgres pg) throws Exception {
        try (ResultsDatabase db = backend.open(backend.newStore(dir, pg), pg)) {
            ResultsStore store = new ResultsStore(db);
            store.saveModelCall(new ModelCallRecord("c/m", "s1", 0, 0, "k", "[{\"name\":\"f\",\"arguments\":{}}]", 10, 250, 5L, false,
                    "I think f is right", 200));
            store.saveModelCall(new ModelCallRecord("c/m", "s2", 0, 0, "k2", "raw", 10, 5, 5L, false));
            assertThat(store.modelCall("c/m", "s1", 0, 0)).get().extracting(ModelCallRecord::reasoning, ModelCallRecord::reasoningTokens)
                    .containsExactly("I think f is right", 200);
            assertThat(store.modelCall("c/m", "s2", 0, 0)).get().extracting(ModelCallRecord::reasoning, ModelCallRecord::reasoningTokens)
                    .containsExactly(null, null);
        }
    }

    private static List<String> appliedMigrations(ResultsDatabase db) throws Exception {
        try (Connection c = db.connection(); Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SELECT version FROM flyway_schema_history WHERE success ORDER BY installed_rank")) {
            List<String> versions = new java.util.ArrayList<>();
            while (rs.next()) {
                versions.add(rs.getString(1));
            }
            return versions;
        }
    }
}
