package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, store faults: a campaign on a PostgreSQL results store whose server is stopped ({@code pg_ctl stop -m fast})
 * for 15 s mid-campaign and started again, and later killed with SIGKILL (the postmaster and all its children at once) and restarted (crash recovery).
 * The activities that need the store fail as infrastructure and are retried by Temporal, the pool reconnects: the
 * campaign completes with every item scored, no infra error, scores identical to an undisturbed run of the same items
 * (same store server, another database, run first), every item's rows consistent (one result, one stored output, one
 * prompt; no output or prompt without a result), and the fake endpoint (test double, answers chosen from the prompt) paid at most
 * the window of items in flight again per fault.
 */
class PostgresStoreRestartIT {
    private static final int SAMPLES = 20;
    private static final int TRIALS = 2;
    private static final int ITEMS = SAMPLES * TRIALS;
    private static final int WINDOW = 3;
    private static final int FAULTS = 2;
    private static final long OUTAGE_MILLIS = 15_000;

    @TempDir Path dir;

    @Test
    void aCampaignSurvivesItsStoreStoppedAndKilledWithScoresIdenticalToAnUndisturbedRun() throws Exception {
        SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), SAMPLES);
        try (LocalPostgres pg = LocalPostgres.start(Path.of("target"));
             FakeOpenAiEndpoint calmEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(300));
             FakeOpenAiEndpoint chaosEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(300));
             DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir)) {
            // PostgreSQL's default: a commit returns once its WAL is written, so a killed server keeps every acknowledged write
            // (the test cluster turns it off for speed; with it off, the SIGKILL below lost an acknowledged result)
            try (Connection c = pg.connect("postgres"); Statement s = c.createStatement()) {
                s.execute("ALTER SYSTEM SET synchronous_commit = on");
                s.execute("SELECT pg_reload_conf()");
            }
            String url = pg.newDatabase();
            String database = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
            // two endpoints (test doubles answering from the request body alone), so the two runs' requests are alike but
            // their cache keys differ: the disturbed run gets no cache hit from the undisturbed one
            Path calm = campaignFile("calm", List.of(model("calm", calmEndpoint)));
            Path chaos = campaignFile("chaos", List.of(model("chaos", chaosEndpoint)));
            Path models = campaignFile("models", List.of(model("calm", calmEndpoint), model("chaos", chaosEndpoint)));
            Map<String, String> env = Map.of("IBENCH_STORE", url, "IBENCH_STORE_PASSWORD", pg.password(),
                    "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
            try (WorkerProcess worker = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker.log"),
                    env, "--models-from", models.toString())) {
                run(server, env, calm, "calm", () -> { });
                assertThat(calmEndpoint.requestCount()).as("the undisturbed run pays each item once").isEqualTo(ITEMS);
                run(server, env, chaos, "chaos", () -> {
                    assertThat(awaitScored(pg, database, "chaos", 5)).as("stopped mid-campaign").isLessThan(ITEMS);
                    pg.stop();
                    sleep(OUTAGE_MILLIS);
                    pg.restart();
                    assertThat(awaitScored(pg, database, "chaos", ITEMS / 2)).as("killed mid-campaign").isLessThan(ITEMS);
                    assertThat(pg.kill()).as("the postmaster and its children, all killed at once").isGreaterThan(1);
                    pg.restart();
                });
                assertThat(worker.output()).doesNotContain(pg.password());
            }

            try (Connection c = pg.connect(database); Statement s = c.createStatement()) {
                assertThat(rows(s, "SELECT cell_id, sample_id, trial, status, error FROM sample_results WHERE status <> 'scored'"))
                        .as("no infra error, nothing rejected").isEmpty();
                Map<String, String> undisturbed = scores(s, "calm");
                assertThat(undisturbed).hasSize(ITEMS);
                assertThat(scores(s, "chaos")).as("every item scored, each with the score of the undisturbed run")
                        .containsExactlyEntriesOf(undisturbed);
                System.out.println("PostgresStoreRestartIT: " + ITEMS + " items scored after a " + OUTAGE_MILLIS / 1000
                        + " s stop and a SIGKILL of the store's PostgreSQL; paid requests " + chaosEndpoint.requestCount());
                assertThat(chaosEndpoint.requestCount()).as("paid requests: each item once, plus at most the window in flight per fault")
                        .isBetween(ITEMS, ITEMS + WINDOW * FAULTS);
                assertThat(count(s, "SELECT count(*) FROM sample_results WHERE cell_id LIKE 'chaos/%'")).isEqualTo(ITEMS);
                assertThat(count(s, """
                        SELECT count(*) FROM sample_results r WHERE r.cell_id LIKE 'chaos/%' AND (r.score_json IS NULL
                           OR (SELECT count(*) FROM model_calls m WHERE m.cell_id = r.cell_id AND m.sample_id = r.sample_id
                               AND m.trial = r.trial AND m.step = 0 AND m.raw_output IS NOT NULL) <> 1
                           OR (SELECT count(*) FROM rendered_prompts p WHERE p.cell_id = r.cell_id AND p.sample_id = r.sample_id
                               AND p.trial = r.trial) <> 1)""")).as("items without exactly one stored output and prompt").isZero();
                assertThat(count(s, """
                        SELECT count(*) FROM model_calls m WHERE NOT EXISTS (SELECT 1 FROM sample_results r
                            WHERE r.cell_id = m.cell_id AND r.sample_id = m.sample_id AND r.trial = m.trial)""")).as("outputs without a result").isZero();
                assertThat(count(s, """
                        SELECT count(*) FROM rendered_prompts p WHERE NOT EXISTS (SELECT 1 FROM sample_results r
                            WHERE r.cell_id = p.cell_id AND r.sample_id = p.sample_id AND r.trial = p.trial)""")).as("prompts without a result").isZero();
            }
        }
    }

    private static String model(String name, FakeOpenAiEndpoint endpoint) {
        return "  - {name: fake-" + name + ", profile: vllm-qwen2.5-7b, endpoint: \"" + endpoint.baseUrl() + "\", model: fake, concurrency: "
                + WINDOW + "}";
    }

    private Path campaignFile(String name, List<String> models) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, "name: " + name + "\nmodels:\n" + String.join("\n", models) + "\n" + """
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                trials: %d
                samples_in_flight: %d
                """.formatted(TRIALS, WINDOW));
        return file;
    }

    /** Runs the campaign of {@code file} to its end ({@code campaign start --wait} exits 0), with {@code faults} alongside. */
    private void run(DevServerProcess server, Map<String, String> env, Path file, String id, Fault faults) throws Exception {
        try (CliProcess start = CliProcess.start(List.of("campaign", "start", file.toString(), "--id", id, "--wait",
                "--address", server.address()), "started campaign", dir.resolve("start-" + id + ".log"), env)) {
            faults.run();
            assertThat(start.waitForExit(Duration.ofMinutes(3))).as(start.output()).isZero();
        }
    }

    private static java.util.List<String> rows(Statement s, String sql) throws SQLException {
        java.util.List<String> rows = new java.util.ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    row.append(i > 1 ? " | " : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** Score per item (sample/trial) of a campaign's scored items. */
    private static Map<String, String> scores(Statement s, String campaignId) throws SQLException {
        Map<String, String> scores = new TreeMap<>();
        try (ResultSet rs = s.executeQuery("SELECT sample_id, trial, score_json FROM sample_results WHERE status = 'scored' AND cell_id LIKE '"
                + campaignId + "/%'")) {
            while (rs.next()) {
                scores.put(rs.getString(1) + "/" + rs.getInt(2), rs.getString(3));
            }
        }
        return scores;
    }

    @FunctionalInterface
    private interface Fault {
        void run() throws Exception;
    }

    /** Waits until at least {@code atLeast} items of the campaign are scored; returns how many are. */
    private static long awaitScored(LocalPostgres pg, String database, String campaignId, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            try (Connection c = pg.connect(database); Statement s = c.createStatement()) {
                long scored = count(s, "SELECT count(*) FROM sample_results WHERE status = 'scored' AND cell_id LIKE '" + campaignId + "/%'");
                if (scored >= atLeast) {
                    return scored;
                }
            } catch (SQLException notYet) {
                // the schema is created by the first command that opens the store
            }
            Thread.sleep(100);
        }
        throw new AssertionError("fewer than " + atLeast + " items scored in 2 minutes");
    }

    private static long count(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
