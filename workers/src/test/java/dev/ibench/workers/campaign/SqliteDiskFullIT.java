package dev.ibench.workers.campaign;

import static dev.ibench.workers.testing.FaultCampaigns.campaignFile;
import static dev.ibench.workers.testing.FaultCampaigns.count;
import static dev.ibench.workers.testing.FaultCampaigns.model;
import static dev.ibench.workers.testing.FaultCampaigns.rows;
import static dev.ibench.workers.testing.FaultCampaigns.scores;
import static dev.ibench.workers.testing.FaultCampaigns.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.TmpfsMount;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workers.testing.WorkflowProbe;
import dev.ibench.workers.worker.DiskFullFailures;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.api.failure.v1.Failure;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 34, store faults: the SQLite results store on a small tmpfs (mounted by the test, skipped when it cannot mount
 * one) whose disk is filled with a filler file mid-campaign. The store's failed writes fail their activities as
 * retryable infrastructure failures whose message names the file and the free space (what Temporal shows as the
 * pending activity's last failure, in the UI and {@code temporal workflow describe}, type {@value DiskFullFailures#TYPE});
 * no item is recorded while the disk is full, {@code PRAGMA integrity_check} stays {@code ok}; once the filler is deleted
 * the campaign completes; an item whose retries ran out meanwhile is an {@code infra_error} naming the full disk (never a
 * wrong answer), run again by {@code campaign retry-errors}; then every item is scored exactly as in an undisturbed run of
 * the same items (run first, on another endpoint so no answer comes from the response cache).
 */
class SqliteDiskFullIT {
    private static final int SAMPLES = 20;
    private static final int TRIALS = 2;
    private static final int ITEMS = SAMPLES * TRIALS;
    private static final int WINDOW = 3;

    @TempDir Path dir;

    @Test
    void aFullDiskMidCampaignFailsAsInfrastructureNamingTheFileAndTheCampaignCompletesOnceSpaceIsFreed() throws Exception {
        SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), SAMPLES);
        try (TmpfsMount disk = TmpfsMount.mount(dir.resolve("disk"), "24m");
             FakeOpenAiEndpoint calmEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(300));
             // slower: a direct cell scores its stored outputs every 10 s (WindowedCellMode.SWEEP_INTERVAL), so at 3 s per
             // call its first sweep finds about 10 of the 40 items and the disk fills mid-campaign
             FakeOpenAiEndpoint fullEndpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(3000));
             DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             TemporalConnection connection = server.connect()) {
            Path results = disk.folder().resolve("results.db");
            Path models = campaignFile(dir, "models", List.of(model("calm", calmEndpoint, WINDOW), model("full", fullEndpoint, WINDOW)), TRIALS, WINDOW);
            Map<String, String> env = Map.of("IBENCH_RESULTS_DB", results.toString(),
                    "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString());
            Path filler = disk.folder().resolve("filler.bin");
            try (WorkerProcess worker = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker.log"),
                    env, "--models-from", models.toString())) {
                run(dir, server, env, campaignFile(dir, "calm", List.of(model("calm", calmEndpoint, WINDOW)), TRIALS, WINDOW), "calm", () -> { });

                run(dir, server, env, campaignFile(dir, "full", List.of(model("full", fullEndpoint, WINDOW)), TRIALS, WINDOW), "full", () -> {
                    long before = awaitScored(results, "full", 5);
                    assertThat(before).as("filled mid-campaign").isLessThan(ITEMS);
                    try (Connection c = open(results); Statement s = c.createStatement()) {
                        // an empty write-ahead log, so the next write needs new space (not the log's already allocated pages)
                        s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
                    }
                    long filled = disk.fill(filler);
                    Failure failure = awaitStoreFailure(connection, "full", Duration.ofSeconds(90));
                    System.out.println("SqliteDiskFullIT: filled " + filled + " bytes after " + before + " items; "
                            + failure.getApplicationFailureInfo().getType() + ": " + failure.getMessage());
                    assertThat(failure.getMessage()).as("the failure names the file and the free space")
                            .contains("the disk holding " + results.toAbsolutePath() + " is full (")
                            .containsPattern("\\(\\d+ bytes free in " + disk.folder().toAbsolutePath())
                            .contains("retried as infrastructure failures");
                    assertThat(failure.getApplicationFailureInfo().getType()).isEqualTo(DiskFullFailures.TYPE);
                    assertThat(failure.getApplicationFailureInfo().getNonRetryable()).as("retryable: the items wait").isFalse();
                    try (Connection c = open(results); Statement s = c.createStatement()) {
                        assertThat(rows(s, "PRAGMA integrity_check")).as("nothing stored is corrupted").containsExactly("ok");
                        assertThat(rows(s, "SELECT sample_id, trial, status, error FROM sample_results WHERE cell_id LIKE 'full/%' "
                                + "AND status <> 'scored'")).as("no item recorded as failed while the disk is full").isEmpty();
                    }
                    Files.delete(filler);
                });
                assertThat(worker.output()).contains("the disk holding " + results.toAbsolutePath() + " is full");
                // an item whose retries ran out while the disk was full is an infrastructure failure naming the full disk,
                // never a model's wrong answer; retry-errors runs it again
                List<String> infraErrors;
                try (Connection c = open(results); Statement s = c.createStatement()) {
                    assertThat(rows(s, "SELECT status FROM sample_results WHERE cell_id LIKE 'full/%' AND status NOT IN ('scored', 'infra_error')"))
                            .as("nothing rejected").isEmpty();
                    infraErrors = rows(s, "SELECT error FROM sample_results WHERE cell_id LIKE 'full/%' AND status = 'infra_error'");
                }
                System.out.println("SqliteDiskFullIT: infra errors before retry-errors: " + infraErrors.size());
                assertThat(infraErrors).allSatisfy(error -> assertThat(error).contains("the disk holding " + results.toAbsolutePath() + " is full ("));
                if (!infraErrors.isEmpty()) {
                    try (CliProcess retry = CliProcess.start(List.of("campaign", "retry-errors", "full", "--wait", "--address", server.address()),
                            "retrying the infra errors", dir.resolve("retry-full.log"), env)) {
                        assertThat(retry.waitForExit(Duration.ofMinutes(3))).as(retry.output()).isZero();
                    }
                }
            }

            try (Connection c = open(results); Statement s = c.createStatement()) {
                assertThat(rows(s, "PRAGMA integrity_check")).containsExactly("ok");
                assertThat(rows(s, "SELECT cell_id, sample_id, trial, status, error FROM sample_results WHERE status <> 'scored'"))
                        .as("no infra error, nothing rejected").isEmpty();
                Map<String, String> undisturbed = scores(s, "calm");
                assertThat(undisturbed).hasSize(ITEMS);
                assertThat(scores(s, "full")).as("every item scored, each with the score of the undisturbed run")
                        .containsExactlyEntriesOf(undisturbed);
                assertThat(count(s, """
                        SELECT count(*) FROM model_calls m WHERE NOT EXISTS (SELECT 1 FROM sample_results r
                            WHERE r.cell_id = m.cell_id AND r.sample_id = m.sample_id AND r.trial = m.trial)""")).as("outputs without a result").isZero();
                System.out.println("SqliteDiskFullIT: " + ITEMS + " items scored after a full disk; paid requests "
                        + fullEndpoint.requestCount());
                // issue 34's bound, 1 fault: an answer paid while the disk is full is kept by the worker's gateway and
                // stored by the activity's next attempt, not paid again (47 requests before, 7 repeated)
                assertThat(fullEndpoint.requestCount()).as("paid requests, at most the items plus the window per fault")
                        .isLessThanOrEqualTo(ITEMS + WINDOW);
            }
        }
    }

    /**
     * Waits until a pending activity of the campaign's cell has failed with the store's disk-full message; returns that
     * failure (as Temporal keeps it: what the UI and {@code temporal workflow describe} show).
     */
    private static Failure awaitStoreFailure(TemporalConnection connection, String campaignId, Duration timeout) throws Exception {
        String cellWorkflow = cellWorkflowId(connection, campaignId);
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            List<PendingActivityInfo> pending = WorkflowProbe.pendingActivities(connection, cellWorkflow);
            Optional<Failure> full = pending.stream()
                    .filter(PendingActivityInfo::hasLastFailure).map(PendingActivityInfo::getLastFailure)
                    .filter(f -> f.getMessage().contains("is full")).findFirst();
            if (full.isPresent()) {
                return full.get();
            }
            seen = pending.stream().map(a -> a.getActivityType().getName() + " attempt " + a.getAttempt() + ": "
                    + (a.hasLastFailure() ? a.getLastFailure().getMessage() : "no failure")).toList();
            Thread.sleep(200);
        }
        throw new AssertionError("no activity of " + cellWorkflow + " failed with the disk-full message within " + timeout.toSeconds()
                + " s; pending: " + seen);
    }

    private static String cellWorkflowId(TemporalConnection connection, String campaignId) {
        CampaignStatus status = connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)).status();
        assertThat(status.cells()).hasSize(1);
        return status.cells().get(0).workflowId();
    }

    private static Connection open(Path results) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + results);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout = 30000");
        }
        return c;
    }

    private static long awaitScored(Path results, String campaignId, int atLeast) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            try (Connection c = open(results); Statement s = c.createStatement()) {
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

}
