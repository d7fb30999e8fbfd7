package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.TaskQueuePollers;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.api.sdk.v1.WorkflowMetadata;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.common.converter.DefaultDataConverter;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 18, "no worker for a queue waits forever", for the cell's UI details: a cell whose model queue has no worker
 * names that queue and the wait in its current details (what the Temporal UI shows) once its activity waited longer
 * than {@code no_worker_check_seconds}; when a worker comes, the cell completes every item and the line goes.
 */
class CellQueueWaitTest {
    static final String QUEUE_WAIT_HISTORY = "dev/ibench/workflows/campaign/cell-queue-wait.json";
    private static final String LLM = TaskQueues.llm("m");

    private TestWorkflowEnvironment env;
    private WorkerFactory late;

    /** Test double of the DescribeTaskQueue local activity: no worker polls any queue. */
    static final class NoPollers implements TaskQueuePollers {
        final AtomicInteger checks = new AtomicInteger();
        volatile String lastQueue;

        @Override
        public int activityPollers(String taskQueue) {
            lastQueue = taskQueue;
            checks.incrementAndGet();
            return 0;
        }
    }

    @BeforeEach
    void start() {
        env = TestWorkflowEnvironment.newInstance();
        for (String keyword : List.of("IbenchCampaignId", "IbenchModel", "IbenchBenchmark", "IbenchState")) {
            env.registerSearchAttribute(keyword, IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
        }
        env.registerSearchAttribute("IbenchProgress", IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE);
    }

    @AfterEach
    void stop() {
        if (late != null) {
            late.shutdownNow();
        }
        env.close();
    }

    @Test
    void aCellWhoseModelQueueHasNoWorkerSaysSoInItsDetailsAndCompletesOnceOneComes() throws Exception {
        CellPlanEntry entry = new CellPlanEntry("a", "m", "bench-a", "direct", "none", 6, 1, LLM, null, 2);
        FakeCampaignActivities fake = new FakeCampaignActivities(List.of(entry));
        NoPollers pollers = new NoPollers();
        Worker workflows = env.newWorker(TaskQueues.WORKFLOWS);
        workflows.registerWorkflowImplementationTypes(CellWorkflowImpl.class);
        workflows.registerActivitiesImplementations(fake, pollers);
        env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(fake);
        env.start(); // no worker on the model's queue yet

        WorkflowClient client = env.getWorkflowClient();
        CellWorkflow cell = client.newWorkflowStub(CellWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(CampaignWorkflow.cellWorkflowId("a")).build());
        WorkflowClient.start(cell::run, new CellInput("c1", entry, 4, false, CellCursor.start(), null));
        WorkflowStub stub = WorkflowStub.fromTyped(cell);

        // the server times out the activity's wait for a worker after 2 s (the test server does not skip time for it)
        awaitChecks(pollers, 1);
        String waiting = details(stub);
        assertThat(pollers.lastQueue).isEqualTo(LLM);
        assertThat(waiting).contains("**Waiting:** no worker polls task queue `" + LLM + "` since ")
                .containsPattern("since \\d\\d:\\d\\d:\\d\\d UTC \\(\\d+ s\\)")
                .contains("ibench worker --roles llm");
        assertThat(fake.modelCalls).as("nothing was called while no worker polled").isEmpty();

        assertThat(waitedSeconds(waiting)).as("first check after the 2 s bound").isBetween(2, 4);
        // the window batch (since slot-refill one batch holds the whole window) is checked once per bound; the second
        // bound is twice the first: 4 s later
        awaitChecks(pollers, 2);
        assertThat(waitedSeconds(details(stub))).as("the wait grows in the details").isBetween(6, 9);

        late = WorkerFactory.newInstance(client);
        late.newWorker(LLM).registerActivitiesImplementations(fake);
        late.start();
        CellProgress done = stub.getResult(1, TimeUnit.MINUTES, CellProgress.class);
        assertThat(done.state()).isEqualTo(CellState.COMPLETED);
        assertThat(done.done()).isEqualTo(6);
        assertThat(fake.scored).hasSize(6);
        assertThat(details(stub)).as("the line goes once the queue is served").doesNotContain("Waiting");

        var history = client.fetchHistory(CampaignWorkflow.cellWorkflowId("a"));
        assertThat(history.getEvents()).anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT);
        assertThat(changeIds(history)).contains(CellVersions.QUEUE_WAITS);
        assertThat(history.getEvents()).as("the DescribeTaskQueue checks, local activities")
                .anyMatch(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED
                        && e.getMarkerRecordedEventAttributes().getMarkerName().equals("LocalActivity"));
        assertThat(history.toJson(false)).as("the bound doubles")
                .containsPattern("\"scheduleToStartTimeout\":\\s*\"2s\"").containsPattern("\"scheduleToStartTimeout\":\\s*\"4s\"");
        RecordedHistories.replayAndMaybeRecord(history, QUEUE_WAIT_HISTORY, CellWorkflowImpl.class);
    }

    @Test
    void theRecordedQueueWaitHistoryReplaysOnTodaysCode() throws Exception {
        String json = RecordedHistories.load(QUEUE_WAIT_HISTORY);
        assertThat(changeIds(WorkflowExecutionHistory.fromJson(json))).contains(CellVersions.QUEUE_WAITS);
        assertThat(json).contains("\"LocalActivity\"").contains("CallModelBatch").contains("EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
    }

    /** A cell history recorded before the bound existed (no marker, no schedule-to-start timeout) replays unchanged. */
    @Test
    void aCellHistoryRecordedBeforeQueueWaitsReplaysUnchanged() throws Exception {
        String json = RecordedHistories.load(CampaignWorkflowTest.BATCHED_CELL_HISTORY);
        assertThat(changeIds(WorkflowExecutionHistory.fromJson(json))).contains(CellVersions.BATCHED_ITEMS)
                .doesNotContain(CellVersions.QUEUE_WAITS);
        assertThat(json).doesNotContain("\"LocalActivity\"").doesNotContain("EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT");
        WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
        String perItem = RecordedHistories.load("dev/ibench/workflows/campaign/cell-sample-rejected-before-status.json");
        assertThat(changeIds(WorkflowExecutionHistory.fromJson(perItem))).doesNotContain(CellVersions.QUEUE_WAITS);
        WorkflowReplayer.replayWorkflowExecution(perItem, CellWorkflowImpl.class);
    }

    private static void awaitChecks(NoPollers pollers, int atLeast) throws InterruptedException {
        for (int i = 0; i < 400 && pollers.checks.get() < atLeast; i++) {
            Thread.sleep(50);
        }
        assertThat(pollers.checks.get()).as("DescribeTaskQueue checks").isGreaterThanOrEqualTo(atLeast);
        Thread.sleep(300); // the workflow task that sets the details after the check
    }

    private static int waitedSeconds(String details) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("UTC \\((\\d+) s\\)").matcher(details);
        assertThat(m.find()).as(details).isTrue();
        return Integer.parseInt(m.group(1));
    }

    /** The change ids of the history's version markers. */
    static List<String> changeIds(WorkflowExecutionHistory history) {
        return history.getEvents().stream()
                .filter(e -> e.getEventType() == EventType.EVENT_TYPE_MARKER_RECORDED)
                .map(e -> e.getMarkerRecordedEventAttributes().getDetailsMap().get("changeId"))
                .filter(p -> p != null && p.getPayloadsCount() > 0)
                .map(p -> DefaultDataConverter.STANDARD_INSTANCE.fromPayload(p.getPayloads(0), String.class, String.class))
                .toList();
    }

    /** The current details as the UI reads them: the built-in metadata query. */
    static String details(WorkflowStub stub) {
        return stub.query("__temporal_workflow_metadata", WorkflowMetadata.class).getCurrentDetails();
    }
}
