package dev.ibench.workers.campaign;

import static dev.ibench.workers.testing.FaultCampaigns.campaignFile;
import static dev.ibench.workers.testing.FaultCampaigns.count;
import static dev.ibench.workers.testing.FaultCampaigns.model;
import static dev.ibench.workers.testing.FaultCampaigns.rows;
import static dev.ibench.workers.testing.FaultCampaigns.scores;
import static dev.ibench.workers.testing.FaultCampaigns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
             // slower: a direct cell scores its stored outputs every 10 s (WindowedCellMode.SWEEP_INTERVAL), so at 3 s per
             // call each sweep finds about 10 more of the 40 items and both faults come mid-campaign
             FakeOpenAiEndpoint chaosEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(3000));
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
            Path calm = campaignFile(dir, "calm", List.of(model("calm", calmEndpoint, WINDOW)), TRIALS, WINDOW);
            Path chaos = campaignFile(dir, "chaos", List.of(model("chaos", chaosEndpoint, WINDOW)), TRIALS, WINDOW);
            Path models = campaignFile(dir, "models", List.of(model("calm", calmEndpoint, WINDOW), model("chaos", chaosEndpoint, WINDOW)), TRIALS, WINDOW);
            Map<String, String> env = Map.of("IBENCH_STORE", url, "IBENCH_STORE_PASSWORD", pg.password(),
                    "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
            try (WorkerProcess worker = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker.log"),
                    env, "--models-from", models.toString())) {
                run(dir, server, env, calm, "calm", () -> { });
                assertThat(calmEndpoint.requestCount()).as("the undisturbed run pays each item once").isEqualTo(ITEMS);
                run(dir, server, env, chaos, "chaos", () -> {
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

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
