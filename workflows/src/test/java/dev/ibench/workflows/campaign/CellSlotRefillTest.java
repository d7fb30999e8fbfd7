package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, "slots that never wait for a neighbour": since {@link CellVersions#SLOT_REFILL} a direct cell calls the
 * model through one window batch with the whole window, each slot refilled as its own call ends, and scores what the
 * batch stored while it runs.
 */
class CellSlotRefillTest {
    static final String SLOT_REFILL_HISTORY = "dev/ibench/workflows/campaign/cell-slot-refill.json";
    static final String BEFORE_SLOT_REFILL_HISTORY = "dev/ibench/workflows/campaign/cell-before-slot-refill.json";

    private TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = CampaignTestEnvironment.create();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    private static CellPlanEntry cell(String id, int samples) {
        return new CellPlanEntry(id, "m", "bench-" + id, "direct", "none", samples, 1, TaskQueues.llm("m"));
    }

    /**
     * Window 4, item 0 takes 2 s and the 39 others 50 ms: while item 0 is in flight the other three slots go on, so calls
     * started after the first round see the whole window in flight (item 0 and three others). Before, item 0's batch
     * (half the window) held its other slot until item 0 ended, so those calls saw at most 3.
     */
    @Test
    void aSlowCallHoldsOnlyItsOwnSlot() {
        FakeCampaignActivities fake = CampaignTestEnvironment.startWorkers(env, List.of(cell("a", 40)));
        fake.latencyOf = item -> item.position() == 0 ? 2000 : 50;
        assertThat(CampaignTestEnvironment.runCampaign(env, 4, false).state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(40);
        assertThat(fake.paid).hasSize(40).doesNotHaveDuplicates();
        int mostAfterFirstRound = fake.concurrencyAtStart.entrySet().stream()
                .filter(e -> !List.of("a#0/0", "a#1/0", "a#2/0", "a#3/0").contains(e.getKey()))
                .mapToInt(java.util.Map.Entry::getValue).max().orElseThrow();
        assertThat(mostAfterFirstRound).as("calls in flight when a later call started").isEqualTo(4);
        assertThat(fake.maxConcurrentCalls.get()).as("never more than the window").isEqualTo(4);
        assertThat(fake.batches.get()).as("one window batch").isEqualTo(1);
    }

    /**
     * Issue 33, fix 1: one item's infrastructure failure does not stop the window batch. Window 4, 40 items of 100 ms;
     * item 5 fails once (a 503) and item 11 every time (a non-retryable infrastructure failure): the other 38 items
     * still go through the same single window batch (calls started after the failures see the whole window in flight),
     * item 5 is retried by the per-item path and scored, item 11 ends as infra_error, as a failed item always did.
     * Before, the batch stopped starting items at item 5's failure and the cell ran a second window batch.
     */
    @Test
    void oneItemsFailureLeavesTheWindowBatchRunning() {
        FakeCampaignActivities fake = CampaignTestEnvironment.startWorkers(env, List.of(cell("a", 40)));
        AtomicBoolean failedOnce = new AtomicBoolean();
        fake.latencyOf = item -> 100;
        fake.modelFailure = item -> item.position() == 5 && failedOnce.compareAndSet(false, true)
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable")
                : item.position() == 11 ? ApplicationFailure.newNonRetryableFailure("read timeout after 120 s", "ModelTimeout") : null;
        assertThat(CampaignTestEnvironment.runCampaign(env, 4, false).state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.batches.get()).as("one window batch for the whole cell").isEqualTo(1);
        assertThat(fake.scored).hasSize(39).contains("a#5/0").doesNotContain("a#11/0");
        assertThat(fake.infraErrors).containsExactly("a#11/0");
        assertThat(fake.paid).as("every item paid once").hasSize(39).doesNotHaveDuplicates();
        int mostAfterTheFailures = fake.concurrencyAtStart.entrySet().stream()
                .filter(e -> Integer.parseInt(e.getKey().substring(2, e.getKey().indexOf('/'))) >= 16)
                .mapToInt(java.util.Map.Entry::getValue).max().orElseThrow();
        assertThat(mostAfterTheFailures).as("calls in flight when items 16.. started").isEqualTo(4);
        CellProgress progress = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(progress.done()).as("each item counted once").isEqualTo(40);
    }

    /**
     * Issue 33, fix 2: a long cell on the window path continues as new and keeps its counts. 2,000 items at window 2;
     * every item at an even position fails once inside its window batch (a 503), so each batch ends after
     * max(8, window) = 8 failed items and they go through the per-item path: about 120 events per 16 items, more than
     * {@link CellEnd#HISTORY_EVENTS_BEFORE_CONTINUE} for the cell, which must continue as new (in production
     * the 10 s scoring sweeps of one long window batch fill a run in about 90 minutes; the test env cannot wait that
     * long). Every run stays under the limit, every item is scored once and requested (paid) once, and the counts and
     * spend are carried across the runs.
     */
    @Test
    void aLongWindowedCellContinuesAsNewAndKeepsItsCounts() {
        FakeCampaignActivities fake = CampaignTestEnvironment.startWorkers(env, List.of(cell("a", 2000)));
        java.util.Set<String> failedOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();
        fake.modelFailure = item -> item.position() % 2 == 0 && failedOnce.add(item.toString())
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable") : null;
        assertThat(CampaignTestEnvironment.runCampaign(env, 2, false).state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scorings).as("every item scored once").hasSize(2000).doesNotHaveDuplicates();
        assertThat(fake.paid).as("every item requested once").hasSize(2000).doesNotHaveDuplicates();
        assertThat(fake.infraErrors).isEmpty();
        CellProgress progress = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(progress.done()).as("counts carried across the runs").isEqualTo(2000);
        assertThat(progress.completed()).isEqualTo(1000);
        assertThat(progress.tokens()).as("spend carried: 2,000 paid calls of 10 + 5 tokens").isEqualTo(30_000);

        int runs = 0;
        String runId = null;
        do {
            var history = runId == null
                    ? env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"))
                    : env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"), runId);
            runs++;
            assertThat(history.getHistory().getEventsCount()).as("events of run %d from the end", runs)
                    .isLessThan(CellEnd.HISTORY_EVENTS_BEFORE_CONTINUE + 500);
            assertThat(history.toJson(false)).contains("CallModelBatch").contains(markerInJson(CellVersions.SLOT_REFILL));
            runId = history.getHistory().getEvents(0).getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
        } while (!runId.isEmpty());
        assertThat(runs).as("the cell continued as new").isGreaterThanOrEqualTo(2);
    }

    /**
     * Records (with -Dibench.recordHistories=true) and replays a cell on the window path: a sample rejection inside the
     * window batch and an item whose call fails once (it goes through the per-item path), the rest scored by sweeps.
     * Every item is scored or rejected once.
     */
    @Test
    void aWindowedCellSettlesEveryItemOnceAndItsHistoryReplays() throws Exception {
        FakeCampaignActivities fake = CampaignTestEnvironment.startWorkers(env, List.of(cell("a", 30)));
        AtomicBoolean failedOnce = new AtomicBoolean();
        fake.latencyOf = item -> item.position() % 7 == 0 ? 300 : 20;
        fake.modelFailure = item -> item.position() == 3
                ? ApplicationFailure.newNonRetryableFailure("prompt too long", FailureTypes.SAMPLE_REJECTED)
                : item.position() == 7 && failedOnce.compareAndSet(false, true)
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable") : null;
        assertThat(CampaignTestEnvironment.runCampaign(env, 4, false).state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(29).contains("a#7/0").doesNotContain("a#3/0");
        assertThat(fake.rejected).containsOnlyKeys("a#3/0");
        assertThat(fake.infraErrors).isEmpty();
        assertThat(fake.sweptItems).as("no item scored twice by sweeps").doesNotHaveDuplicates().doesNotContain("a#3/0", "a#7/0");
        CellProgress progress = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(progress.done()).as("each item counted once").isEqualTo(30);
        var history = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        String json = history.toJson(false);
        assertThat(json).contains(markerInJson(CellVersions.SLOT_REFILL)).contains("CallModelBatch").contains("ScoreSweep")
                .as("item 7 went through the per-item path").contains("\"ScoreSample\"");
        RecordedHistories.replayAndMaybeRecord(history, SLOT_REFILL_HISTORY, CellWorkflowImpl.class);
    }

    @Test
    void theRecordedWindowedCellHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(SLOT_REFILL_HISTORY);
        assertThat(json).contains(markerInJson(CellVersions.SLOT_REFILL)).contains("ScoreSweep");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    /**
     * A history recorded with the code before the window path (main at a32b5dc, the scenario of
     * {@link #aWindowedCellSettlesEveryItemOnceAndItsHistoryReplays} in TestWorkflowEnvironment): half-window yielding
     * batches, a rejection and an item through the per-item path. It has no slot-refill marker and replays through the
     * half-window batches unchanged.
     */
    @Test
    void aHistoryRecordedBeforeTheWindowPathReplaysUnchanged() throws Exception {
        String json = RecordedHistories.load(BEFORE_SLOT_REFILL_HISTORY);
        assertThat(json).contains(markerInJson(CellVersions.YIELDING_BATCHES)).contains(markerInJson(CellVersions.CELL_STOP_RETURNS))
                .contains("ScoreBatch").contains("RecordRejected")
                .doesNotContain(markerInJson(CellVersions.SLOT_REFILL)).doesNotContain("ScoreSweep");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    private static String markerInJson(String changeId) {
        return java.util.Base64.getEncoder().withoutPadding()
                .encodeToString(("\"" + changeId + "\"").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
