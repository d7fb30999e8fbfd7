package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.workflows.TaskQueues;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.WorkflowReplayer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * How a cell stops (docs/campaigns.md#failures): after min_settled_before_stop items, returning STOPPED, never failing
 * its campaign. The replay tests run after the live ones: replaying on a cold JVM of a loaded machine can spend over a
 * second loading classes, which the SDK's deadlock detector reports as a deadlock.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CellStopTest {
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

    private CampaignStatus runCampaign(int samplesInFlight, boolean retryOnly) {
        return CampaignTestEnvironment.runCampaign(env, samplesInFlight, retryOnly);
    }

    private static CellPlanEntry cell(String id, int samples, Integer minSettled) {
        return new CellPlanEntry(id, "m", "bench-" + id, "direct", "none", samples, 1, TaskQueues.llm("m"), 0.5, null, minSettled, null);
    }

    private static ApplicationFailure tooLong() {
        return ApplicationFailure.newNonRetryableFailure("prompt of 9000 tokens exceeds the context of 8192", FailureTypes.SAMPLE_REJECTED);
    }

    private CampaignStatus.CellEntry entry(CampaignStatus status, String cellId) {
        return status.cells().stream().filter(c -> c.cellId().equals(cellId)).findFirst().orElseThrow();
    }

    /**
     * 30 items of which 10 exceed the context (one in three): 10 of 30 is below max_rejected_share 0.5, so the cell
     * completes with 20 scored and 10 rejected, and its state is recorded as completed.
     */
    @Test
    @Order(1)
    void aCellWithATenthOfItsPromptsTooLongCompletes() {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 30, null)));
        fake.modelFailure = item -> item.position() % 3 == 0 ? tooLong() : null;
        CampaignStatus status = runCampaign(4, false);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(entry(status, "a").state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.rejected).hasSize(10);
        assertThat(fake.scored).hasSize(20);
        assertThat(fake.cellStates.get("a")).containsExactly("completed");
    }

    /** 1 rejected of 1 is more than half, but one settled item is fewer than min_settled_before_stop (default 20). */
    @Test
    @Order(1)
    void oneRejectedItemOfOneDoesNotStopItsCell() {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 1, null), cell("b", 3, null)));
        fake.modelFailure = item -> tooLong();
        CampaignStatus status = runCampaign(2, false);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        assertThat(entry(status, "a").state()).isEqualTo(CellState.COMPLETED);
        assertThat(entry(status, "b").state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.rejected).hasSize(4);
        assertThat(fake.cellStates.get("a")).containsExactly("completed");
    }

    /**
     * The first 20 of 30 items are rejected: 16 rejected of 30 is past the share 0.5, but the cell goes on to its 20th
     * settled item before it stops. It returns STOPPED with its reason, recorded in the store; the campaign, whose other
     * cell finished, ends COMPLETED and names the stopped cell.
     */
    @Test
    @Order(1)
    void aStoppedCellReturnsItsStateAndReasonAndTheCampaignCompletes() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 30, null), cell("b", 6, null)));
        fake.modelFailure = item -> item.cellId().equals("a") && item.position() < 20 ? tooLong() : null;
        CampaignStatus status = runCampaign(1, false);
        assertThat(status.state()).isEqualTo(CellState.COMPLETED);
        CampaignStatus.CellEntry a = entry(status, "a");
        assertThat(a.state()).isEqualTo(CellState.STOPPED);
        assertThat(a.failure()).contains("20 of 30 items were rejected").contains("max_rejected_share 0.5")
                .contains("after 20 settled items").contains("exceeds the context of 8192");
        assertThat(fake.rejected).as("not stopped before its 20th settled item").hasSize(20);
        assertThat(fake.scored).as("cell b ran to its end").hasSize(6);
        assertThat(fake.cellStates.get("a")).singleElement().asString()
                .startsWith("stopped: 20 of 30 items were rejected by the endpoint, more than max_rejected_share 0.5");
        CellProgress end = env.getWorkflowClient().newUntypedWorkflowStub(CampaignWorkflow.cellWorkflowId("a")).getResult(CellProgress.class);
        assertThat(end.state()).isEqualTo(CellState.STOPPED);
        assertThat(end.rejected()).isEqualTo(20);
        assertThat(ProgressMarkdown.campaign(status)).contains("STOPPED: cell a stopped: 20 of 30");

        var cellHistory = env.getWorkflowClient().fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        assertThat(cellHistory.toJson(false)).contains("RecordCellState");
        RecordedHistories.replayAndMaybeRecord(cellHistory, STOPPED_CELL, CellWorkflowImpl.class);
        RecordedHistories.replayAndMaybeRecord(env.getWorkflowClient().fetchHistory(CampaignWorkflow.workflowId("c1")),
                CAMPAIGN_WITH_STOPPED_CELL, CampaignWorkflowImpl.class);
    }

    /** A paused cell records paused, and running again once resumed, before its end state. */
    @Test
    @Order(1)
    void pauseAndResumeAreRecordedBeforeTheEndState() throws Exception {
        FakeCampaignActivities fake = startWorkers(List.of(cell("a", 200, null)));
        fake.modelLatencyMillis = 20;
        WorkflowClient client = env.getWorkflowClient();
        CampaignWorkflow campaign = client.newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(CampaignWorkflow.workflowId("c1")).build());
        WorkflowClient.start(campaign::run, new CampaignRequest("c1", 1, 2, false));
        while (fake.modelCalls.size() < 5) {
            Thread.sleep(20);
        }
        CampaignWorkflow handle = client.newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId("c1"));
        handle.pause();
        long deadline = System.currentTimeMillis() + 10_000;
        while (!fake.cellStates.getOrDefault("a", List.of()).contains("paused")) {
            assertThat(System.currentTimeMillis()).as("paused recorded").isLessThan(deadline);
            Thread.sleep(20);
        }
        handle.resume();
        CampaignStatus end = io.temporal.client.WorkflowStub.fromTyped(campaign).getResult(CampaignStatus.class);
        assertThat(end.state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.cellStates.get("a")).containsExactly("paused", "running", "completed");
    }

    static final String STOPPED_CELL = "dev/ibench/workflows/campaign/cell-stopped-returns.json";
    static final String CAMPAIGN_WITH_STOPPED_CELL = "dev/ibench/workflows/campaign/campaign-cell-stopped-returns.json";

    @Test
    @Order(2)
    void theRecordedStoppedCellHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(STOPPED_CELL);
        assertThat(CellQueueWaitTest.changeIds(WorkflowExecutionHistory.fromJson(json))).contains(CellVersions.CELL_STOP_RETURNS);
        assertThat(json).contains("RecordCellState").doesNotContain("CellStopped");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    @Test
    @Order(2)
    void theRecordedCampaignWithAStoppedCellReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(CAMPAIGN_WITH_STOPPED_CELL);
        assertThat(json).contains("CHILD_WORKFLOW_EXECUTION_COMPLETED").doesNotContain("CHILD_WORKFLOW_EXECUTION_FAILED");
        WorkflowReplayer.replayWorkflowExecution(json, CampaignWorkflowImpl.class);
    }

    /**
     * Histories recorded before {@link CellVersions#CELL_STOP_RETURNS} (this test class's fake activities, the code
     * of commit 860de41): a batched cell of 30 items whose first 20 were rejected, stopped by max_rejected_share 0.5
     * with no minimum and failed with CellStopped; its campaign, FAILED; and a retry run whose endpoint answered 401,
     * stopped on the per-item path. Each replays through the unversioned branches.
     */
    @Test
    @Order(2)
    void aStoppedCellRecordedBeforeTheMarkerReplaysUnchanged() throws Exception {
        String json = RecordedHistories.load("dev/ibench/workflows/campaign/cell-stopped-before-returns.json");
        assertThat(json).contains("CellStopped").contains("CallModelBatch").doesNotContain("RecordCellState");
        assertThat(CellQueueWaitTest.changeIds(WorkflowExecutionHistory.fromJson(json))).doesNotContain(CellVersions.CELL_STOP_RETURNS);
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    @Test
    @Order(2)
    void aStoppedRetryRunRecordedBeforeTheMarkerReplaysUnchanged() throws Exception {
        String json = RecordedHistories.load("dev/ibench/workflows/campaign/cell-retry-stopped-before-returns.json");
        assertThat(json).contains("CellStopped").contains("UnscoredWorkPage").doesNotContain("RecordCellState");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    @Test
    @Order(2)
    void aCampaignWhoseCellStoppedBeforeTheMarkerReplaysUnchanged() throws Exception {
        String json = RecordedHistories.load("dev/ibench/workflows/campaign/campaign-cell-stopped-before-returns.json");
        assertThat(json).contains("CHILD_WORKFLOW_EXECUTION_FAILED");
        WorkflowReplayer.replayWorkflowExecution(json, CampaignWorkflowImpl.class);
    }
}
