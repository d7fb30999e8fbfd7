package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.campaign.SqlMode;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.multiturn.MultiTurnEntryInput;
import dev.ibench.workflows.multiturn.MultiTurnEntryProgress;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflow;
import dev.ibench.workflows.react.ReactSampleInput;
import dev.ibench.workflows.react.ReactSampleProgress;
import dev.ibench.workflows.react.ReactSampleWorkflow;
import dev.ibench.workflows.react.TrajectorySpend;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Cell histories of every way a cell runs today, recorded (with -Dibench.recordHistories=true) from the code before
 * {@code CellWorkflowImpl} was split into its modes, and replayed on today's code: a paused and resumed window, a
 * rejected-share stop, an endpoint's refusal, a retry run in pages, a sql cell, a cancelled cell, ReACT and BFCL
 * multi-turn children; the replay test also replays {@link CellInFlightTest}'s runs (a one-item window, a last window
 * batch of fewer items than its window). The replay tests run after the live ones (a cold JVM can take long enough to load classes on
 * replay that the SDK reports a deadlock).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CellModeHistoriesTest {
    static final String DIR = "dev/ibench/workflows/campaign/modes/";
    static final String PAUSED = DIR + "cell-window-paused-resumed.json";
    static final String SHARE_STOP = DIR + "cell-window-rejected-share-stop.json";
    static final String ENDPOINT_STOP = DIR + "cell-window-endpoint-rejected.json";
    static final String RETRY = DIR + "cell-retry-pages.json";
    static final String SQL = DIR + "cell-sql-deadlines.json";
    static final String CANCELLED = DIR + "cell-window-cancelled.json";
    static final String REACT = DIR + "cell-react-children.json";
    static final String MULTI_TURN = DIR + "cell-multi-turn-children.json";
    static final String CONTINUED_FIRST_RUN = DIR + "cell-window-continued-first-run.json.gz";
    static final String CONTINUED_LAST_RUN = DIR + "cell-window-continued-last-run.json.gz";
    static final String WINDOW_CHANGED = DIR + "cell-window-changed.json";
    static final String RETRY_CONTINUED_FIRST_RUN = DIR + "cell-retry-pages-continued-first-run.json.gz";

    private TestWorkflowEnvironment env;
    private FakeCampaignActivities fake;

    @BeforeEach
    void start() {
        env = CampaignTestEnvironment.create();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    /** A fake trajectory: sample 1 is rejected by the endpoint, sample 2 fails, the others complete having paid 100 + 20 tokens. */
    public static final class ScriptedTrajectory implements ReactSampleWorkflow {
        @Override
        public SampleOutcome run(ReactSampleInput input) {
            return scripted(input.position());
        }

        @Override
        public ReactSampleProgress progress() {
            return null;
        }
    }

    /** A fake conversation scripted as {@link ScriptedTrajectory}. */
    public static final class ScriptedConversation implements MultiTurnEntryWorkflow {
        @Override
        public SampleOutcome run(MultiTurnEntryInput input) {
            return scripted(input.position());
        }

        @Override
        public MultiTurnEntryProgress progress() {
            return null;
        }
    }

    private static SampleOutcome scripted(int position) {
        if (position == 1) {
            throw ApplicationFailure.newNonRetryableFailure("prompt too long", FailureTypes.SAMPLE_REJECTED,
                    new TrajectorySpend(50, 0, null, 0));
        }
        if (position == 2) {
            throw ApplicationFailure.newNonRetryableFailure("tool runtime gone", "ToolRuntimeDown");
        }
        return SampleOutcome.scored(true, true).withSpend(100, 20, 0.01, 0);
    }

    private FakeCampaignActivities workers(CellPlanEntry cell) {
        fake = CampaignTestEnvironment.startCellWorkers(env, cell, ScriptedTrajectory.class, ScriptedConversation.class);
        return fake;
    }

    private static CellPlanEntry cell(String mode, int samples, Double share, Integer minSettled, Integer sqlSeconds, Integer steps) {
        return new CellPlanEntry("a", "m", "bench-a", mode, "none", samples, 1, TaskQueues.llm("m"), share, null, minSettled,
                sqlSeconds, steps);
    }

    private CellWorkflow startCell(CellPlanEntry cell, int window, boolean retryOnly) {
        return CampaignTestEnvironment.startCell(env, cell, window, retryOnly);
    }

    private CellProgress result() {
        return env.getWorkflowClient().newUntypedWorkflowStub("cell-a").getResult(CellProgress.class);
    }

    private WorkflowExecutionHistory history() {
        return env.getWorkflowClient().fetchHistory("cell-a");
    }

    /** The first run of the cell whose last run is {@code last}, which must have continued as new. */
    private WorkflowExecutionHistory firstRun(WorkflowExecutionHistory last) {
        WorkflowExecutionHistory run = last;
        String previous = continuedFrom(last);
        assertThat(previous).as("the cell continued as new").isNotEmpty();
        while (!previous.isEmpty()) {
            run = env.getWorkflowClient().fetchHistory("cell-a", previous);
            previous = continuedFrom(run);
        }
        return run;
    }

    private static String continuedFrom(WorkflowExecutionHistory run) {
        return run.getHistory().getEvents(0).getWorkflowExecutionStartedEventAttributes().getContinuedExecutionRunId();
    }

    private static String markerInJson(String changeId) {
        return CampaignTestEnvironment.markerInJson(changeId);
    }

    /** Window 2, 120 calls of 50 ms: paused once 10 were paid, for a second; the window batch yields and the next one takes the rest. */
    @Test
    @Order(1)
    void aPausedAndResumedWindowedCell() throws Exception {
        workers(cell("direct", 120, null, null, null, null)).modelLatencyMillis = 50;
        CellWorkflow cell = startCell(cell("direct", 120, null, null, null, null), 2, false);
        while (fake.paid.size() < 10) {
            Thread.sleep(10);
        }
        cell.pause();
        Thread.sleep(1000);
        int paidWhilePaused = fake.paid.size();
        Thread.sleep(500);
        assertThat(fake.paid).as("no call started while paused").hasSize(paidWhilePaused);
        cell.resume();
        assertThat(result().state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.paid).as("every item paid once").hasSize(120).doesNotHaveDuplicates();
        assertThat(fake.cellStates.get("a")).containsExactly("paused", "running", "completed");
        String json = history().toJson(false);
        assertThat(json).contains(markerInJson(CellVersions.SLOT_REFILL)).contains("\"pause\"").contains("\"resume\"");
        RecordedHistories.replayAndMaybeRecord(history(), PAUSED, CellWorkflowImpl.class);
    }

    /** max_rejected_share 0.5 after 4 settled items: 20 items of which the first 15 are rejected stops the cell. */
    @Test
    @Order(2)
    void aWindowedCellStoppedByItsRejectedShare() throws Exception {
        CellPlanEntry entry = cell("direct", 20, 0.5, 4, null, null);
        workers(entry).modelFailure = item -> item.position() < 15
                ? ApplicationFailure.newNonRetryableFailure("prompt too long", FailureTypes.SAMPLE_REJECTED) : null;
        startCell(entry, 2, false);
        CellProgress progress = result();
        assertThat(progress.state()).isEqualTo(CellState.STOPPED);
        assertThat(fake.cellStates.get("a")).last().asString().startsWith("stopped: ").contains("max_rejected_share 0.5");
        RecordedHistories.replayAndMaybeRecord(history(), SHARE_STOP, CellWorkflowImpl.class);
    }

    /** The endpoint refuses item 5's request itself: the window batch stops and so does the cell. */
    @Test
    @Order(3)
    void aWindowedCellStoppedByTheEndpoint() throws Exception {
        CellPlanEntry entry = cell("direct", 20, null, null, null, null);
        workers(entry).modelFailure = item -> item.position() == 5
                ? ApplicationFailure.newNonRetryableFailure("unsupported parameter logprobs", FailureTypes.ENDPOINT_REJECTED) : null;
        startCell(entry, 2, false);
        assertThat(result().state()).isEqualTo(CellState.STOPPED);
        assertThat(fake.cellStates.get("a")).containsExactly("stopped: unsupported parameter logprobs");
        RecordedHistories.replayAndMaybeRecord(history(), ENDPOINT_STOP, CellWorkflowImpl.class);
    }

    /** A retry run of 12 items of which 7 are scored: the 5 others through the per-item path, item 9 failing for good. */
    @Test
    @Order(4)
    void aRetryRunInPages() throws Exception {
        CellPlanEntry entry = cell("direct", 12, null, null, null, null);
        workers(entry).modelFailure = item -> item.position() == 9
                ? ApplicationFailure.newNonRetryableFailure("read timeout", "ModelTimeout") : null;
        for (int p : new int[] {0, 1, 2, 4, 6, 7, 10}) {
            fake.scored.add("a#" + p + "/0");
        }
        startCell(entry, 2, true);
        assertThat(result().state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.paid).containsExactlyInAnyOrder("a#3/0", "a#5/0", "a#8/0", "a#11/0");
        assertThat(fake.infraErrors).containsExactly("a#9/0");
        assertThat(history().toJson(false)).contains("UnscoredWorkPage").contains(markerInJson(CellVersions.RETRY_PAGES));
        RecordedHistories.replayAndMaybeRecord(history(), RETRY, CellWorkflowImpl.class);
    }

    /** A sql cell (query deadline 30 s): its window batch's sweeps and item 4's per-item scoring take their limits from it. */
    @Test
    @Order(5)
    void aSqlCellWithDeadlines() throws Exception {
        CellPlanEntry entry = cell(SqlMode.MODE, 20, null, null, 30, null);
        AtomicBoolean failedOnce = new AtomicBoolean();
        workers(entry).modelFailure = item -> item.position() == 4 && failedOnce.compareAndSet(false, true)
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable") : null;
        startCell(entry, 2, false);
        assertThat(result().state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.scored).hasSize(20);
        assertThat(history().toJson(false)).contains("\"ScoreSample\"").contains("CallModelBatch");
        RecordedHistories.replayAndMaybeRecord(history(), SQL, CellWorkflowImpl.class);
    }

    /** A windowed cell cancelled while its batch runs records its state as cancelled. */
    @Test
    @Order(6)
    void aCancelledWindowedCell() throws Exception {
        CellPlanEntry entry = cell("direct", 200, null, null, null, null);
        workers(entry).modelLatencyMillis = 50;
        startCell(entry, 2, false);
        while (fake.batches.get() < 1) {
            Thread.sleep(20);
        }
        Thread.sleep(300);
        env.getWorkflowClient().newUntypedWorkflowStub("cell-a").cancel();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!fake.cellStates.containsKey("a") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(500);
        assertThat(fake.cellStates.get("a")).containsExactly("cancelled");
        assertThat(env.getWorkflowClient().newUntypedWorkflowStub("cell-a").describe().getWorkflowExecutionInfo().getStatus())
                .isEqualTo(io.temporal.api.enums.v1.WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_CANCELED);
        RecordedHistories.replayAndMaybeRecord(history(), CANCELLED, CellWorkflowImpl.class);
    }

    /** A ReACT cell of 4 samples, one trajectory child each: one rejected, one failed, two completed. */
    @Test
    @Order(7)
    void aReactCellOfChildren() throws Exception {
        CellPlanEntry entry = cell("react", 4, null, null, null, null);
        workers(entry);
        startCell(entry, 2, false);
        CellProgress progress = result();
        assertCounted(progress);
        assertThat(history().toJson(false)).contains("ReactSampleWorkflow");
        RecordedHistories.replayAndMaybeRecord(history(), REACT, CellWorkflowImpl.class);
    }

    /** A BFCL multi-turn cell of 4 entries, one conversation child each, scripted as the ReACT cell's trajectories. */
    @Test
    @Order(8)
    void aMultiTurnCellOfChildren() throws Exception {
        CellPlanEntry entry = cell("direct", 4, null, null, null, 5);
        workers(entry);
        startCell(entry, 2, false);
        CellProgress progress = result();
        assertCounted(progress);
        assertThat(history().toJson(false)).contains("MultiTurnEntryWorkflow");
        RecordedHistories.replayAndMaybeRecord(history(), MULTI_TURN, CellWorkflowImpl.class);
    }

    /**
     * A long windowed cell that continues as new (the scenario of CellSlotRefillTest's long cell, 1,000 items: every
     * item at an even position fails once inside the window batch and goes through the per-item path, so the run passes
     * {@link CellEnd#HISTORY_EVENTS_BEFORE_CONTINUE} events): the first run, which continues as new, and the
     * last, which starts from the carried cursor.
     */
    @Test
    @Order(9)
    void aWindowedCellThatContinuesAsNew() throws Exception {
        CellPlanEntry entry = cell("direct", 1000, null, null, null, null);
        java.util.Set<String> failedOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();
        workers(entry).modelFailure = item -> item.position() % 2 == 0 && failedOnce.add(item.toString())
                ? ApplicationFailure.newFailure("503 Service Unavailable", "ModelUnavailable") : null;
        startCell(entry, 2, false);
        CellProgress progress = result();
        assertThat(progress.state()).isEqualTo(CellState.COMPLETED);
        assertThat(progress.done()).as("counts carried across the runs").isEqualTo(1000);
        assertThat(fake.paid).as("every item requested once").hasSize(1000).doesNotHaveDuplicates();
        WorkflowExecutionHistory last = history();
        WorkflowExecutionHistory first = firstRun(last);
        assertThat(first.toJson(false)).contains("WORKFLOW_EXECUTION_CONTINUED_AS_NEW");
        RecordedHistories.replayAndMaybeRecord(first, CONTINUED_FIRST_RUN, CellWorkflowImpl.class);
        RecordedHistories.replayAndMaybeRecord(last, CONTINUED_LAST_RUN, CellWorkflowImpl.class);
    }

    /**
     * Window 4 made 2 while the window batch runs (200 calls of 50 ms): the batch yields within about a second and the
     * next one runs with the new window; every item is paid once.
     */
    @Test
    @Order(10)
    void aWindowedCellWhoseWindowChanges() throws Exception {
        CellPlanEntry entry = cell("direct", 200, null, null, null, null);
        workers(entry).modelLatencyMillis = 50;
        CellWorkflow cell = startCell(entry, 4, false);
        while (fake.paid.size() < 20) {
            Thread.sleep(10);
        }
        cell.setSamplesInFlight(2);
        assertThat(result().state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.paid).as("every item paid once").hasSize(200).doesNotHaveDuplicates();
        assertThat(fake.batches.get()).as("the window batch yielded and the next took the new window").isGreaterThanOrEqualTo(2);
        assertThat(history().toJson(false)).contains("\"setSamplesInFlight\"");
        RecordedHistories.replayAndMaybeRecord(history(), WINDOW_CHANGED, CellWorkflowImpl.class);
    }

    /**
     * A retry run of 1,000 unsettled items (pages of {@link PerItemCellMode#RETRY_PAGE_SIZE}) passes
     * {@link CellEnd#HISTORY_EVENTS_BEFORE_CONTINUE} events and continues as new, still a retry run; every item is paid
     * once over its runs. Its first run is recorded.
     */
    @Test
    @Order(11)
    void aRetryRunThatContinuesAsNew() throws Exception {
        CellPlanEntry entry = cell("direct", 1000, null, null, null, null);
        workers(entry);
        startCell(entry, 4, true);
        assertThat(result().state()).isEqualTo(CellState.COMPLETED);
        assertThat(fake.paid).as("every item requested once").hasSize(1000).doesNotHaveDuplicates();
        assertThat(fake.largestUnscoredResult.get()).isEqualTo(PerItemCellMode.RETRY_PAGE_SIZE);
        WorkflowExecutionHistory first = firstRun(history());
        assertThat(first.toJson(false)).contains("WORKFLOW_EXECUTION_CONTINUED_AS_NEW").contains("UnscoredWorkPage");
        RecordedHistories.replayAndMaybeRecord(first, RETRY_CONTINUED_FIRST_RUN, CellWorkflowImpl.class);
    }

    /** Samples 0 and 3 completed (100 + 20 tokens, 0.01 USD each), 1 rejected (50 tokens paid), 2 an infrastructure error. */
    private void assertCounted(CellProgress progress) {
        assertThat(progress.state()).isEqualTo(CellState.COMPLETED);
        assertThat(progress.done()).isEqualTo(4);
        assertThat(progress.completed()).isEqualTo(2);
        assertThat(progress.rejected()).isEqualTo(1);
        assertThat(progress.infraErrors()).isEqualTo(1);
        assertThat(progress.tokens()).isEqualTo(290);
        assertThat(fake.rejected).containsOnlyKeys("a#1/0");
        assertThat(fake.infraErrors).containsExactly("a#2/0");
    }

    @Test
    @Order(20)
    void everyRecordedModeHistoryReplaysOnTodaysCode() throws Exception {
        for (String resource : List.of(PAUSED, SHARE_STOP, ENDPOINT_STOP, RETRY, SQL, CANCELLED, REACT, MULTI_TURN,
                CONTINUED_FIRST_RUN, CONTINUED_LAST_RUN, WINDOW_CHANGED, RETRY_CONTINUED_FIRST_RUN,
                CellInFlightTest.ONE_ITEM, CellInFlightTest.SHORT_LAST_WINDOW)) {
            replay(RecordedHistories.load(resource));
        }
    }

    /**
     * Replays {@code json}, up to twice more if a replay stalled (class loading on a cold JVM of a loaded machine past
     * the SDK's 1 s deadlock detector, TMPRL1101, which is no replay failure); a non-deterministic history fails each time.
     */
    private static void replay(String json) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                WorkflowReplayer.replayWorkflowExecution(json, CellWorkflowImpl.class);
                return;
            } catch (RuntimeException e) {
                java.io.StringWriter trace = new java.io.StringWriter();
                e.printStackTrace(new java.io.PrintWriter(trace));
                if (attempt == 3 || !trace.toString().contains("TMPRL1101")) {
                    throw e;
                }
            }
        }
    }
}
