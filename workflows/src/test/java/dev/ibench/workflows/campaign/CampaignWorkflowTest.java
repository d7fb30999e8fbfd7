package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.ApplicationFailure;
import io.temporal.api.enums.v1.EventType;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CampaignWorkflowTest {
    private TestWorkflowEnvironment env;

    @BeforeEach
    void start() {
        env = CampaignTestEnvironment.create();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    private FakeCampaignActivities startWorkers(List<CellPlanEntry> cells) {
        return CampaignTestEnvironment.startWorkers(env, cells);
    }

    private static CellPlanEntry cell(String id, int samples, int trials) {
        return new CellPlanEntry(id, "m", "bench-" + id, "direct", "none", samples, trials, TaskQueues.llm("m"));
    }

    private CampaignStatus runCampaign(int samplesInFlight, boolean retryOnly) {
        return CampaignTestEnvironment.runCampaign(env, samplesInFlight, retryOnly);
    }

    @Test
    void runsEveryItemOfEveryCellWithinTheWindow() {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 12, 2), cell("b", 7, 1)));
        fake.modelLatencyMillis = 20;
        CampaignStatus status = runCampaign(3, false);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(12 * 2 + 7);
        assertThat(fake.scored).contains("a#11/1", "b#6/0");
        // two cells run at once, each with at most 3 items in flight
        assertThat(fake.maxConcurrentCalls.get()).isBetween(2, 6);
        CellProgress a = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(a.done()).isEqualTo(24);
        assertThat(a.completed()).isEqualTo(12); // even positions complete in the fake scorer
        assertThat(a.state()).isEqualTo(CellState.COMPLETED);
    }

    static final String CAMPAIGN_HISTORY = "dev/ibench/workflows/campaign/campaign-two-cells.json";

    /** Records (with -Dibench.recordHistories=true) and replays a campaign of two cells with a window of cells. */
    @Test
    void aCampaignHistoryReplays() throws Exception {
        startWorkers(List.of(cell("a", 3, 1), cell("b", 2, 2)));
        assertThat(runCampaign(2, false).state()).isEqualTo(CellState.COMPLETED);
        RecordedHistories.replayAndMaybeRecord(env.getWorkflowClient().fetchHistory(CampaignWorkflow.workflowId("c1")),
                CAMPAIGN_HISTORY, CampaignWorkflowImpl.class);
    }

    @Test
    void theRecordedCampaignHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(CAMPAIGN_HISTORY);
        assertThat(json).contains("PlanCampaign").contains("START_CHILD_WORKFLOW_EXECUTION_INITIATED");
        WorkflowReplayer.replayWorkflowExecution(json, CampaignWorkflowImpl.class);
    }

    @Test
    void aRejectedEndpointStopsItsCellWithAClearErrorAndOtherCellsFinish() {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 5, 1), cell("b", 40, 1)));
        fake.modelFailure = item -> item.cellId().equals("b")
                ? ApplicationFailure.newNonRetryableFailure("http://127.0.0.1:1/v1 answered 401 Unauthorized", FailureTypes.ENDPOINT_REJECTED)
                : null;
        CampaignStatus status = runCampaign(4, false);
        assertThat(status.state()).as("a stopped cell does not fail its campaign").isEqualTo(CellState.COMPLETED);
        CampaignStatus.CellEntry b = status.cells().stream().filter(c -> c.cellId().equals("b")).findFirst().orElseThrow();
        assertThat(b.state()).isEqualTo(CellState.STOPPED);
        assertThat(b.failure()).contains("401");
        assertThat(fake.cellStates.get("b")).containsExactly("stopped: http://127.0.0.1:1/v1 answered 401 Unauthorized");
        assertThat(fake.cellStates.get("a")).containsExactly("completed");
        assertThat(fake.scored).hasSize(5);
        assertThat(fake.infraErrors).isEmpty();
    }

    @Test
    void infrastructureFailuresAreRecordedAsInfraErrorsAndRetriedByARetryRun() {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 10, 1)));
        fake.modelFailure = item -> item.position() == 3 || item.position() == 7
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable")
                : null;
        CampaignStatus first = runCampaign(4, false);
        assertThat(first.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.infraErrors).containsExactlyInAnyOrder("a#3/0", "a#7/0");
        assertThat(fake.scored).hasSize(8).doesNotContain("a#3/0", "a#7/0");

        fake.modelFailure = item -> null;
        CampaignStatus retry = runCampaign(4, true);
        assertThat(retry.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.infraErrors).isEmpty();
        assertThat(fake.scored).hasSize(10);
    }

    /**
     * 12,000 items through one window batch (since {@link CellVersions#SLOT_REFILL}; before it, 20-round batches of
     * about a dozen events each made the cell continue as new): every item counted once, spend carried.
     */
    @Test
    void aLongCellKeepsItsCounts() {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 12_000, 1)));
        CampaignStatus status = runCampaign(2, false);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(12_000);
        assertThat(fake.largestBatch.get()).as("one window batch over the cell").isEqualTo(12_000);
        CellProgress a = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(a.done()).isEqualTo(12_000);
        assertThat(a.completed()).isEqualTo(6000);
        // 12,000 paid calls of 10 + 5 tokens, no prices in the fake
        assertThat(a.tokens()).isEqualTo(180_000);
        assertThat(a.costUsd()).isNull();
        assertThat(ProgressMarkdown.cell(a)).contains("| 180,000 tokens · — |");
        var history = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        assertThat(history.getHistory().getEventsCount()).as("one batch and its sweeps").isLessThan(1000);
    }

    @Test
    void aRetryRunOfALargeCellReadsItsItemsInPagesAndContinuesAsNew() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 900, 1)));
        fake.modelFailure = item -> ApplicationFailure.newNonRetryableFailure("502 Bad Gateway", "ModelUnavailable");
        runCampaign(20, false);
        assertThat(fake.infraErrors).hasSize(900);

        fake.modelFailure = item -> null;
        fake.wholeListReads.set(0);
        CampaignStatus retry = runCampaign(20, true);
        assertThat(retry.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(900);
        assertThat(fake.infraErrors).isEmpty();
        assertThat(fake.wholeListReads.get()).as("no activity result carries the whole unscored list").isZero();
        assertThat(fake.largestUnscoredResult.get()).isEqualTo(PerItemCellMode.RETRY_PAGE_SIZE);
        CellProgress a = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(a.done()).as("counts carried across continue-as-new").isEqualTo(900);
        assertThat(a.completed()).isEqualTo(450);
        var history = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        assertThat(history.getHistory().getEventsCount()).isLessThan(CellEnd.HISTORY_EVENTS_BEFORE_CONTINUE + 500);
        assertThat(history.getHistory().getEvents(0).getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId())
                .as("the last retry run was started by continue-as-new").isNotEmpty();
        WorkflowReplayer.replayWorkflowExecution(history, CellWorkflowImpl.class);
    }

    @Test
    void aSampleTheEndpointRejectsIsRecordedAsRejectedNotAsAnInfraErrorAndRetryErrorsLeavesIt() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 10, 1)));
        fake.modelFailure = item -> item.position() == 3
                ? ApplicationFailure.newNonRetryableFailure("prompt of 14500 tokens exceeds the context of 8192", FailureTypes.SAMPLE_REJECTED)
                : item.position() == 7 ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable") : null;
        CampaignStatus first = runCampaign(4, false);
        assertThat(first.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.rejected).containsOnlyKeys("a#3/0");
        assertThat(fake.rejected.get("a#3/0")).isEqualTo("prompt of 14500 tokens exceeds the context of 8192");
        assertThat(fake.infraErrors).containsExactly("a#7/0");
        CellProgress a = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(a.done()).isEqualTo(10);
        assertThat(a.rejected()).isEqualTo(1);
        assertThat(a.infraErrors()).isEqualTo(1);
        assertThat(ProgressMarkdown.cell(a)).contains("| infra errors | rejected |").contains("| 1 | 1 | 0/4 |");
        var history = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        assertThat(history.getEvents()).anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED);
        WorkflowReplayer.replayWorkflowExecution(history, CellWorkflowImpl.class);

        fake.modelFailure = item -> null;
        CampaignStatus retry = runCampaign(4, true);
        assertThat(retry.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(9).contains("a#7/0").doesNotContain("a#3/0");
        assertThat(fake.rejected).containsOnlyKeys("a#3/0");
        assertThat(fake.infraErrors).isEmpty();
    }

    /** A cell whose {@code max_rejected_share} applies from its first settled item ({@code min_settled_before_stop} 1). */
    private static CellPlanEntry cellWithRejectedShare(String id, int samples, double maxRejectedShare) {
        return new CellPlanEntry(id, "m", "bench-" + id, "direct", "none", samples, 1, TaskQueues.llm("m"), maxRejectedShare,
                null, 1, null);
    }

    @Test
    void aCellWhoseEndpointRejectsMoreThanTheAllowedShareStopsAndSaysSo() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cellWithRejectedShare("a", 10, 0.5)));
        fake.modelFailure = item -> item.position() < 6
                ? ApplicationFailure.newNonRetryableFailure("HTTP 422 Unprocessable Entity: unsupported parameter", FailureTypes.SAMPLE_REJECTED)
                : null;
        CampaignStatus status = runCampaign(1, false);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        CampaignStatus.CellEntry a = status.cells().get(0);
        assertThat(a.state()).isEqualTo(CellState.STOPPED);
        // 6 of 10 > 0.5 x 10: the sixth rejection stops the cell; with one item in flight nothing after it runs
        assertThat(a.failure()).contains("6 of 10 items were rejected").contains("max_rejected_share 0.5")
                .contains("422 Unprocessable Entity: unsupported parameter");
        assertThat(fake.rejected).hasSize(6);
        assertThat(fake.scored).isEmpty();
        var history = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        WorkflowReplayer.replayWorkflowExecution(history, CellWorkflowImpl.class);
    }

    @Test
    void rejectionsUpToTheAllowedShareLeaveTheCellRunning() {
        FakeCampaignActivities fake = startWorkers(List.of(cellWithRejectedShare("a", 10, 0.5)));
        fake.modelFailure = item -> item.position() < 5
                ? ApplicationFailure.newNonRetryableFailure("HTTP 413 Payload Too Large", FailureTypes.SAMPLE_REJECTED)
                : null;
        CampaignStatus status = runCampaign(2, false);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.rejected).hasSize(5);
        assertThat(fake.scored).hasSize(5);
    }

    static final String BUDGET_HISTORY = "dev/ibench/workflows/campaign/campaign-budget-pause.json";

    /**
     * A budget reached mid-cell pauses the campaign (PAUSED_BUDGET) with the in-flight items finished; the refused
     * items are neither scored nor infra_error; after the budget is raised and the campaign resumed, they run once:
     * every item is paid exactly once. The history (with the budget-deferrals marker) replays.
     */
    @Test
    void aReachedBudgetPausesTheCampaignAndResumingRunsTheDeferredItemsOnceEach() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 10, 1), cell("b", 3, 1)));
        fake.budgetCalls = 5;
        fake.budgetPauser = reason -> env.getWorkflowClient().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId("c1"))
                .budgetPause(reason);
        WorkflowClient client = env.getWorkflowClient();
        CampaignWorkflow campaign = client.newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(CampaignWorkflow.workflowId("c1")).build());
        WorkflowClient.start(campaign::run, new CampaignRequest("c1", 2, 3, false));
        CampaignWorkflow handle = client.newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId("c1"));
        long deadline = System.currentTimeMillis() + 20_000;
        // paused, the refused items recorded as deferred when their batch settles (even once the cell got the pause), and
        // no call in flight
        while (handle.status().state() != CellState.PAUSED_BUDGET || fake.deferred.isEmpty() || fake.concurrentCalls.get() > 0) {
            assertThat(System.currentTimeMillis()).as("campaign paused for budget").isLessThan(deadline);
            Thread.sleep(50);
        }
        while (!fake.scored.containsAll(List.copyOf(fake.paid))) { // the paid items' batches are scored after they settle
            assertThat(System.currentTimeMillis()).as("paid items scored").isLessThan(deadline);
            Thread.sleep(50);
        }
        Thread.sleep(500); // a paused campaign starts nothing new: nothing is paid or scored from here on
        CampaignStatus paused = handle.status();
        assertThat(paused.state()).isEqualTo(CellState.PAUSED_BUDGET);
        assertThat(paused.pauseReason()).startsWith("budget reached: campaign c1");
        assertThat(fake.paid).hasSize(5);
        assertThat(fake.deferred).isNotEmpty();
        assertThat(fake.infraErrors).as("a budget refusal is not an infra_error").isEmpty();
        assertThat(fake.scored).hasSize(5).doesNotContainAnyElementsOf(fake.deferred);

        fake.budgetCalls = Integer.MAX_VALUE;
        handle.resume();
        CampaignStatus done = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId("c1")).getResult(CampaignStatus.class);
        assertThat(done.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(13);
        assertThat(fake.paid).as("every item paid exactly once: nothing lost, nothing re-paid").hasSize(13).doesNotHaveDuplicates();
        assertThat(fake.infraErrors).isEmpty();
        var history = client.fetchHistory(CampaignWorkflow.workflowId("c1"));
        assertThat(history.getEvents()).anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED);
        RecordedHistories.replayAndMaybeRecord(history, BUDGET_HISTORY, CampaignWorkflowImpl.class);

        // the cell run whose batch was refused took the versioned branch, and its history replays
        List<io.temporal.common.WorkflowExecutionHistory> deferringRuns = history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED)
                .map(e -> e.getChildWorkflowExecutionStartedEventAttributes().getWorkflowExecution())
                .map(run -> client.fetchHistory(run.getWorkflowId(), run.getRunId()))
                .filter(run -> CellQueueWaitTest.changeIds(run).contains(CellVersions.BATCH_BUDGET_DEFERRAL))
                .toList();
        assertThat(deferringRuns).as("a cell run deferred a batch's refused item").isNotEmpty();
        RecordedHistories.replayAndMaybeRecord(deferringRuns.get(0), BATCH_BUDGET_HISTORY, CellWorkflowImpl.class);
    }

    /**
     * The interleaving that made the budget test flaky under load: the pause reaches the cell before the batch holding
     * the refused call returns. The refused item must still be recorded as deferred while the campaign is paused.
     */
    @Test
    void anItemRefusedInABatchIsDeferredEvenWhenThePauseReachedItsCellFirst() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 10, 1)));
        fake.budgetCalls = 3;
        WorkflowClient client = env.getWorkflowClient();
        fake.budgetPauser = reason -> client.newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId("c1")).budgetPause(reason);
        List<CellState> cellStateWhenRefused = new java.util.concurrent.CopyOnWriteArrayList<>();
        fake.afterBudgetPause = item -> {
            CellWorkflow cellRun = client.newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId(item.cellId()));
            long until = System.currentTimeMillis() + 10_000;
            while (cellRun.progress().state() != CellState.PAUSED && System.currentTimeMillis() < until) {
                sleep(20);
            }
            cellStateWhenRefused.add(cellRun.progress().state());
        };
        CampaignWorkflow campaign = client.newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(CampaignWorkflow.workflowId("c1")).build());
        WorkflowClient.start(campaign::run, new CampaignRequest("c1", 1, 2, false));
        CampaignWorkflow handle = client.newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId("c1"));
        long deadline = System.currentTimeMillis() + 20_000;
        while (fake.deferred.isEmpty()) {
            assertThat(System.currentTimeMillis()).as("refused item deferred while paused").isLessThan(deadline);
            sleep(50);
        }
        assertThat(cellStateWhenRefused).as("the pause reached the cell before the refused call returned").first().isEqualTo(CellState.PAUSED);
        assertThat(handle.status().state()).isEqualTo(CellState.PAUSED_BUDGET);
        assertThat(fake.paid).hasSize(3).doesNotContainAnyElementsOf(fake.deferred);
        assertThat(fake.infraErrors).isEmpty();

        fake.afterBudgetPause = item -> {};
        fake.budgetCalls = Integer.MAX_VALUE;
        handle.resume();
        CampaignStatus done = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId("c1")).getResult(CampaignStatus.class);
        assertThat(done.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(10);
        assertThat(fake.paid).hasSize(10).doesNotHaveDuplicates();
        assertThat(fake.infraErrors).isEmpty();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static final String BATCH_BUDGET_HISTORY = "dev/ibench/workflows/campaign/cell-batch-budget-deferral.json";

    @Test
    void theRecordedBatchBudgetDeferralHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(BATCH_BUDGET_HISTORY);
        assertThat(CellQueueWaitTest.changeIds(io.temporal.common.WorkflowExecutionHistory.fromJson(json)))
                .contains(CellVersions.BATCH_BUDGET_DEFERRAL);
        assertThat(json).contains("CallModelBatch").contains("RecordInfraError");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    @Test
    void theRecordedBudgetPauseHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(BUDGET_HISTORY);
        assertThat(json).contains("BudgetDeferred").contains("budgetPause").contains("MARKER_RECORDED");
        WorkflowReplayer.replayWorkflowExecution(json, CampaignWorkflowImpl.class);
    }

    /**
     * A retry run recorded with the code before {@link CellVersions#RETRY_PAGES} (commit ea0a5f7, TestWorkflowEnvironment
     * with these fake activities: 10 items, #3 and #7 infra errors, then a retry run): it read the whole unscored list
     * in one UnscoredWork result and must replay on today's code through the unversioned branch.
     */
    @Test
    void aRetryRunRecordedBeforeRetryPagesReplaysUnchanged() throws Exception {
        String json = RecordedHistories.load("dev/ibench/workflows/campaign/cell-retry-before-pages.json");
        assertThat(json).contains("\"UnscoredWork\"").doesNotContain("UnscoredWorkPage").doesNotContain("MARKER_RECORDED");
        assertThat(json.split("\"ScoreSample\"", -1)).as("two items retried").hasSize(3);
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    /**
     * A cell history recorded before the rejected status existed (a context-length refusal at sample #2, recorded
     * then as infra_error through RecordInfraError) must replay on today's code without non-determinism.
     */
    @Test
    void aHistoryFromBeforeTheRejectedStatusReplaysUnchanged() throws Exception {
        String resource = "dev/ibench/workflows/campaign/cell-sample-rejected-before-status.json";
        String json = new String(getClass().getClassLoader().getResourceAsStream(resource).readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8);
        assertThat(json).contains("RecordInfraError").doesNotContain("RecordRejected").doesNotContain("MARKER_RECORDED");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    /** Recorded before {@link CellVersions#EVEN_BATCH_ENDS}: replays through the unversioned batch sizes. */
    static final String BATCHED_CELL_HISTORY = "dev/ibench/workflows/campaign/cell-batched.json";
    static final String EVEN_ENDS_CELL_HISTORY = "dev/ibench/workflows/campaign/cell-batched-even-ends.json";

    /**
     * Records (with -Dibench.recordHistories=true) and replays a cell on the batched path: a sample rejection inside a
     * batch and an item whose call fails once (so it goes through the per-item path) next to items scored in batches.
     */
    @Test
    void aBatchedCellHistoryReplays() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 12, 1)));
        java.util.concurrent.atomic.AtomicBoolean failedOnce = new java.util.concurrent.atomic.AtomicBoolean();
        fake.modelFailure = item -> item.position() == 3
                ? ApplicationFailure.newNonRetryableFailure("prompt too long", FailureTypes.SAMPLE_REJECTED)
                : item.position() == 7 && failedOnce.compareAndSet(false, true)
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable") : null;
        assertThat(runCampaign(4, false).state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(11).contains("a#7/0").doesNotContain("a#3/0");
        assertThat(fake.rejected).containsOnlyKeys("a#3/0");
        assertThat(fake.infraErrors).isEmpty();
        var history = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        String json = history.toJson(false);
        assertThat(history.getEvents()).as("the batched-items version marker")
                .anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED);
        assertThat(json).contains("CallModelBatch").contains("ScoreSweep")
                .as("item 7 went through the per-item path").contains("\"ScoreSample\"");
        assertThat(json).as("the even-batch-ends version marker").contains(markerInJson(CellVersions.EVEN_BATCH_ENDS));
        // since slot-refill this runs the window path; EVEN_ENDS_CELL_HISTORY keeps the recording of the batches before it
        WorkflowReplayer.replayWorkflowExecution(history, CellWorkflowImpl.class);
    }

    /** A version marker's change id as a history's JSON holds it: a JSON string payload, base64-encoded. */
    private static String markerInJson(String changeId) {
        return java.util.Base64.getEncoder().withoutPadding().encodeToString(("\"" + changeId + "\"").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void theRecordedEvenEndsCellHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(EVEN_ENDS_CELL_HISTORY);
        assertThat(json).contains(markerInJson(CellVersions.EVEN_BATCH_ENDS)).contains("CallModelBatch").contains("RecordRejected");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    @Test
    void theRecordedBatchedCellHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(BATCHED_CELL_HISTORY);
        assertThat(json).contains("CallModelBatch").contains("ScoreBatch").contains("RecordRejected")
                .doesNotContain(markerInJson(CellVersions.EVEN_BATCH_ENDS));
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    /**
     * A batched cell of 12 items: item 3 is rejected (not paid), item 7 fails once in its batch and is paid on the
     * per-item path. 11 paid calls of 10 + 5 tokens at $0.002: 165 tokens and $0.022, shown in the current details.
     */
    @Test
    void aBatchedCellShowsTheTokensAndCostItsCallsPaid() {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 12, 1)));
        fake.costPerCall = 0.002;
        java.util.concurrent.atomic.AtomicBoolean failedOnce = new java.util.concurrent.atomic.AtomicBoolean();
        fake.modelFailure = item -> item.position() == 3
                ? ApplicationFailure.newNonRetryableFailure("prompt too long", FailureTypes.SAMPLE_REJECTED)
                : item.position() == 7 && failedOnce.compareAndSet(false, true)
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable") : null;
        assertThat(runCampaign(4, false).state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.paid).hasSize(11);
        assertThat(env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a")).toJson(false))
                .contains("CallModelBatch").as("item 7 was paid on the per-item path").contains("\"CallModel\"");
        CellProgress a = env.getWorkflowClient()
                .newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).progress();
        assertThat(a.promptTokens()).isEqualTo(110);
        assertThat(a.completionTokens()).isEqualTo(55);
        assertThat(a.costUsd()).isCloseTo(0.022, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(ProgressMarkdown.cell(a)).contains("| spend |").contains("| 165 tokens · $0.0220 |");
    }

    /**
     * A paused cell starts no new batch (since slot-refill its window batch yields when it asks, here through the test
     * server as the worker's gate does); resumed, it finishes every item.
     */
    @Test
    void aPausedBatchedCellStartsNoNewBatchUntilResumed() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 400, 1)));
        fake.modelLatencyMillis = 20;
        WorkflowClient client = env.getWorkflowClient();
        fake.gate = id -> client.newWorkflowStub(CellWorkflow.class, id).batchesMayContinue();
        CampaignWorkflow campaign = client.newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(CampaignWorkflow.workflowId("c1")).build());
        WorkflowClient.start(campaign::run, new CampaignRequest("c1", 2, 4, false));
        while (fake.modelCalls.size() < 20) {
            Thread.sleep(20);
        }
        CellWorkflow cellStub = client.newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a"));
        cellStub.pause();
        Thread.sleep(3000); // longer than a batch: 8 rounds of 20 ms
        int batchesWhilePaused = fake.batches.get();
        int callsWhilePaused = fake.modelCalls.size();
        Thread.sleep(1500);
        assertThat(fake.batches.get()).as("no batch started while paused").isEqualTo(batchesWhilePaused);
        assertThat(fake.modelCalls).hasSize(callsWhilePaused);
        assertThat(callsWhilePaused).isLessThan(400);
        assertThat(cellStub.progress().state()).isEqualTo(CellState.PAUSED);
        cellStub.resume();
        CampaignStatus status = WorkflowStub.fromTyped(campaign).getResult(CampaignStatus.class);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(400);
    }

    static final String YIELDING_CELL_HISTORY = "dev/ibench/workflows/campaign/cell-yielding-batches.json";

    /**
     * A pause stops the running window batch before its end (it asks its cell, here every 100 ms), and on resume its
     * unstarted items are batched again: every item paid once, none through the per-item path. Window 2, 100 ms calls:
     * a batch run to its end would pay all 120 items.
     */
    @Test
    void aPauseStopsTheRunningBatchesAndResumeBatchesTheirUnstartedItems() throws Exception {
        FakeCampaignActivities fake = batchesStarted(cell("a", 120, 1), 100, 2, 1);
        WorkflowClient client = env.getWorkflowClient();
        Thread.sleep(300);
        CellWorkflow cellStub = client.newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a"));
        cellStub.pause();
        Thread.sleep(1000);
        int paidWhilePaused = fake.paid.size();
        Thread.sleep(1000);
        assertThat(fake.paid).as("no call started once the batches yielded").hasSize(paidWhilePaused);
        assertThat(paidWhilePaused).as("the running batches stopped before their end").isLessThan(30);
        assertThat(fake.yieldedBatches.get()).isEqualTo(1);
        assertThat(cellStub.progress().state()).isEqualTo(CellState.PAUSED);
        cellStub.resume();
        CampaignStatus status = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId("c1")).getResult(CampaignStatus.class);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(120);
        assertThat(fake.paid).as("every item paid once").hasSize(120).doesNotHaveDuplicates();
        var history = client.fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        String json = history.toJson(false);
        assertThat(json).as("the yielding-batches version marker").contains(markerInJson(CellVersions.YIELDING_BATCHES));
        assertThat(json).as("the unstarted items went back to batches, not to the per-item path")
                .doesNotContain("\"CallModel\"").doesNotContain("\"ScoreSample\"");
        // since slot-refill this runs the window path; YIELDING_CELL_HISTORY keeps the recording of the half-window batches
        WorkflowReplayer.replayWorkflowExecution(history, CellWorkflowImpl.class);
    }

    @Test
    void theRecordedYieldingCellHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(YIELDING_CELL_HISTORY);
        assertThat(json).contains("CallModelBatch").contains(markerInJson(CellVersions.YIELDING_BATCHES));
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    /**
     * A smaller window takes effect within about a second: the running window batch yields and the next one uses the
     * new window. Window 8 (one window batch of 8 slots, 150 ms calls: 3.75 s for the cell) made 4 while it runs; a
     * batch run to its end would keep 8 calls in flight for its whole length.
     */
    @Test
    void aSmallerWindowStopsTheRunningBatchesWithinASecond() throws Exception {
        FakeCampaignActivities fake = batchesStarted(cell("a", 200, 1), 150, 8, 1);
        WorkflowClient client = env.getWorkflowClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (fake.maxConcurrentCalls.get() < 8 && System.nanoTime() < deadline) {
            Thread.sleep(20); // a fixed 500 ms was too short on a loaded machine
        }
        assertThat(fake.maxConcurrentCalls.get()).as("the window was used before the change").isEqualTo(8);
        client.newWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId("a")).setSamplesInFlight(4);
        Thread.sleep(800);
        fake.maxConcurrentCalls.set(fake.concurrentCalls.get());
        Thread.sleep(1500);
        assertThat(fake.maxConcurrentCalls.get()).as("calls in flight from 0.8 s to 2.3 s after the change").isLessThanOrEqualTo(4);
        CampaignStatus status = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId("c1")).getResult(CampaignStatus.class);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.paid).as("every item paid once").hasSize(200).doesNotHaveDuplicates();
    }

    /**
     * Starts campaign c1 of {@code cell} at window {@code samplesInFlight}, each call taking {@code latencyMillis}, with
     * batches that ask their cell through the test server as the worker's gate does; returns once {@code batches}
     * batches started.
     */
    private FakeCampaignActivities batchesStarted(CellPlanEntry cell, long latencyMillis, int samplesInFlight, int batches) throws InterruptedException {
        FakeCampaignActivities fake = startWorkers(List.of(cell));
        fake.modelLatencyMillis = latencyMillis;
        WorkflowClient client = env.getWorkflowClient();
        fake.gate = id -> client.newWorkflowStub(CellWorkflow.class, id).batchesMayContinue();
        CampaignWorkflow campaign = client.newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(CampaignWorkflow.workflowId("c1")).build());
        WorkflowClient.start(campaign::run, new CampaignRequest("c1", 2, samplesInFlight, false));
        while (fake.batches.get() < batches) {
            Thread.sleep(20);
        }
        return fake;
    }
}
