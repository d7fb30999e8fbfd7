package dev.ibench.workers.deploy;

import static dev.ibench.workers.testing.FaultCampaigns.campaignFile;
import static dev.ibench.workers.testing.FaultCampaigns.count;
import static dev.ibench.workers.testing.FaultCampaigns.model;
import static dev.ibench.workers.testing.FaultCampaigns.rows;
import static dev.ibench.workers.testing.FaultCampaigns.scores;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.TemporalOnPostgres;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, store faults: a campaign on the real Temporal server with PostgreSQL persistence
 * ({@code deploy/local/temporal-postgres.sh}) whose temporal-server is SIGKILLed mid-campaign and started again 5 s later, and
 * later whose PostgreSQL (Temporal's persistence and visibility) is stopped for a few seconds and started again. The
 * results store is a SQLite file of the test, so only Temporal's side fails. The campaign completes with every item
 * scored as in an undisturbed run of the same items on the same server (run first, on another endpoint so no answer
 * comes from the response cache), {@code campaign start --wait} waits through both outages and exits 0, every item's rows
 * consistent, and the fake endpoint (test double, answers chosen from
 * the prompt) paid at most the window of items in flight again per fault.
 */
class TemporalOnPostgresRestartIT {
    private static final int SAMPLES = 30;
    private static final int TRIALS = 2;
    private static final int ITEMS = SAMPLES * TRIALS;
    private static final int WINDOW = 3;
    private static final int FAULTS = 2;
    private static final long SERVER_OUTAGE_MILLIS = 5_000;

    @TempDir Path dir;

    @Test
    void aCampaignSurvivesTemporalServerKilledAndItsPostgresRestartedWithScoresIdenticalToAnUndisturbedRun() throws Exception {
        SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), SAMPLES);
        Path results = dir.resolve("results.db");
        try (TemporalOnPostgres temporal = TemporalOnPostgres.start(dir.resolve("temporal-postgres"));
             FakeOpenAiEndpoint calmEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(400));
             // slower: a direct cell scores its stored outputs every 10 s (WindowedCellMode.SWEEP_INTERVAL), so at 2 s per
             // call and 3 in flight each sweep finds about 15 more of the 60 items and both faults come mid-campaign
             FakeOpenAiEndpoint chaosEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(2000));
             TemporalConnection connection = temporal.connect()) {
            Path models = campaignFile(dir, "models", List.of(model("calm", calmEndpoint, WINDOW), model("chaos", chaosEndpoint, WINDOW)), TRIALS, WINDOW);
            Map<String, String> env = Map.of("IBENCH_RESULTS_DB", results.toString(),
                    "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
            try (WorkerProcess worker = WorkerProcess.start(temporal.address(), "workflows,llm,scoring", dir.resolve("worker.log"),
                    env, "--models-from", models.toString())) {
                start(temporal, env, campaignFile(dir, "calm", List.of(model("calm", calmEndpoint, WINDOW)), TRIALS, WINDOW), "calm");
                assertThat(awaitEnd(connection, "calm").state()).isEqualTo(CellState.COMPLETED);
                assertThat(calmEndpoint.requestCount()).as("the undisturbed run pays each item once").isEqualTo(ITEMS);

                // the user's own wait: campaign start --wait, through both outages
                try (CliProcess start = CliProcess.start(List.of("campaign", "start", campaignFile(dir, "chaos", List.of(model("chaos", chaosEndpoint, WINDOW)), TRIALS, WINDOW).toString(),
                        "--id", "chaos", "--wait", "--address", temporal.address(), "--namespace", temporal.namespace()), "started campaign",
                        dir.resolve("start-chaos.log"), env)) {
                    assertThat(awaitScored(results, "chaos", 5)).as("temporal-server killed mid-campaign").isLessThan(ITEMS);
                    temporal.killServer();
                    Thread.sleep(SERVER_OUTAGE_MILLIS);
                    temporal.startServer();
                    assertThat(awaitScored(results, "chaos", ITEMS / 2)).as("PostgreSQL restarted mid-campaign").isLessThan(ITEMS);
                    temporal.restartPostgres(Duration.ofSeconds(5));
                    assertThat(start.waitForExit(Duration.ofMinutes(4))).as(start.output()).isZero();
                }
                CampaignStatus status = awaitEnd(connection, "chaos");
                assertThat(status.state()).as(worker.output()).isEqualTo(CellState.COMPLETED);
            }

            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + results); Statement s = c.createStatement()) {
                assertThat(rows(s, "SELECT cell_id, sample_id, trial, status, error FROM sample_results WHERE status <> 'scored'"))
                        .as("no infra error, nothing rejected").isEmpty();
                Map<String, String> undisturbed = scores(s, "calm");
                assertThat(undisturbed).hasSize(ITEMS);
                assertThat(scores(s, "chaos")).as("every item scored, each with the score of the undisturbed run")
                        .containsExactlyEntriesOf(undisturbed);
                assertThat(count(s, """
                        SELECT count(*) FROM sample_results r WHERE r.cell_id LIKE 'chaos/%' AND (r.score_json IS NULL
                           OR (SELECT count(*) FROM model_calls m WHERE m.cell_id = r.cell_id AND m.sample_id = r.sample_id
                               AND m.trial = r.trial AND m.step = 0 AND m.raw_output IS NOT NULL) <> 1)"""))
                        .as("items without exactly one stored output").isZero();
                assertThat(count(s, """
                        SELECT count(*) FROM model_calls m WHERE NOT EXISTS (SELECT 1 FROM sample_results r
                            WHERE r.cell_id = m.cell_id AND r.sample_id = m.sample_id AND r.trial = m.trial)""")).as("outputs without a result").isZero();
            }
            System.out.println("TemporalOnPostgresRestartIT: " + ITEMS + " items scored after a SIGKILL of temporal-server and a restart "
                    + "of its PostgreSQL; paid requests " + chaosEndpoint.requestCount());
            assertThat(chaosEndpoint.requestCount()).as("paid requests: each item once, plus at most the window in flight per fault")
                    .isBetween(ITEMS, ITEMS + WINDOW * FAULTS);
        }
    }

    /** {@code ibench campaign start} (without --wait: this test waits itself, across the server's outages). */
    private void start(TemporalOnPostgres temporal, Map<String, String> env, Path file, String id) throws Exception {
        try (CliProcess start = CliProcess.start(List.of("campaign", "start", file.toString(), "--id", id,
                "--address", temporal.address(), "--namespace", temporal.namespace()), "started campaign", dir.resolve("start-" + id + ".log"), env)) {
            assertThat(start.waitForExit(Duration.ofMinutes(2))).as(start.output()).isZero();
        }
    }

    /** The campaign's result, asked again while the server is away (a restart makes the long poll fail). */
    private static CampaignStatus awaitEnd(TemporalConnection connection, String campaignId) throws InterruptedException {
        WorkflowStub stub = connection.client().newUntypedWorkflowStub(CampaignWorkflow.workflowId(campaignId));
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        RuntimeException last = null;
        while (System.nanoTime() < deadline) {
            try {
                return stub.getResult(10, TimeUnit.SECONDS, CampaignStatus.class);
            } catch (TimeoutException stillRunning) {
                // poll again
            } catch (RuntimeException serverAway) {
                last = serverAway;
                Thread.sleep(1_000);
            }
        }
        throw new AssertionError("campaign " + campaignId + " did not end within 4 minutes", last);
    }

    private static long awaitScored(Path results, String campaignId, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + results); Statement s = c.createStatement()) {
                long scored = count(s, "SELECT count(*) FROM sample_results WHERE status = 'scored' AND cell_id LIKE '" + campaignId + "/%'");
                if (scored >= atLeast) {
                    return scored;
                }
            } catch (SQLException notYet) {
                // the schema is created by the first command that opens the store
            }
            Thread.sleep(100);
        }
        throw new AssertionError("fewer than " + atLeast + " items of " + campaignId + " scored in 3 minutes");
    }

}
