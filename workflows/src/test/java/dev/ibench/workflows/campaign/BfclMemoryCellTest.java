package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.multiturn.BfclMemoryScenarioInput;
import dev.ibench.workflows.multiturn.BfclMemoryScenarioWorkflow;
import dev.ibench.workflows.multiturn.MultiTurnEntryInput;
import dev.ibench.workflows.multiturn.MultiTurnEntryProgress;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflow;
import dev.ibench.workflows.react.TrajectorySpend;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.workflow.Workflow;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A BFCL memory cell ({@link CellVersions#BFCL_MEMORY}): its scenarios' prerequisite conversations run first, once per
 * scenario and trial, each a {@link BfclMemoryScenarioWorkflow} child, and only then its questions as multi-turn children;
 * what the scenarios' steps paid is counted in the cell; the endpoint's refusal of a scenario stops the cell before any
 * question. The memory cell's history is recorded and replays; a multi-turn cell's history recorded before the change
 * replays on today's code (the change only applies to cells whose plan names memory scenarios).
 */
class BfclMemoryCellTest {
    static final String MEMORY = CellModeHistoriesTest.DIR + "cell-bfcl-memory.json";
    /** What the scripted children did, in order: {@code scenario <name>/<trial>}, {@code question <position>/<trial>}. */
    static final List<String> EVENTS = new CopyOnWriteArrayList<>();
    /** A scenario whose children fail as an endpoint refusing the model's key would fail them; null: none. */
    static volatile String refusedScenario;

    private TestWorkflowEnvironment env;

    /** A scripted scenario child: each paid 1,000 + 100 tokens. */
    public static final class ScriptedScenario implements BfclMemoryScenarioWorkflow {
        @Override
        public TrajectorySpend run(BfclMemoryScenarioInput input) {
            EVENTS.add("scenario " + input.scenario() + "/" + input.trial());
            if (input.scenario().equals(refusedScenario)) {
                throw ApplicationFailure.newNonRetryableFailure("401 Unauthorized from the endpoint", FailureTypes.ENDPOINT_REJECTED,
                        new TrajectorySpend(0, 0, null, 0));
            }
            return new TrajectorySpend(1000, 100, null, 0);
        }

        @Override
        public void pause() {
            EVENTS.add("scenario told to pause");
        }

        @Override
        public void resume() {
            EVENTS.add("scenario told to resume");
        }
    }

    /**
     * A scripted scenario that runs until its cell has paused and resumed it (as the real one holds its next model step
     * while paused), recording what it was told.
     */
    public static final class PausableScenario implements BfclMemoryScenarioWorkflow {
        private boolean paused;
        private boolean wasPaused;

        @Override
        public TrajectorySpend run(BfclMemoryScenarioInput input) {
            EVENTS.add("scenario " + input.scenario() + "/" + input.trial() + " started");
            Workflow.await(() -> wasPaused && !paused);
            EVENTS.add("scenario " + input.scenario() + "/" + input.trial() + " ended");
            return new TrajectorySpend(1000, 100, null, 0);
        }

        @Override
        public void pause() {
            paused = true;
            wasPaused = true;
            EVENTS.add("paused");
        }

        @Override
        public void resume() {
            paused = false;
            EVENTS.add("resumed");
        }
    }

    /** A scripted question child: every question correct, having paid 10 + 1 tokens. */
    public static final class ScriptedQuestion implements MultiTurnEntryWorkflow {
        @Override
        public SampleOutcome run(MultiTurnEntryInput input) {
            EVENTS.add("question " + input.position() + "/" + input.trial());
            return SampleOutcome.scored(true, true).withSpend(10, 1, null, 0);
        }

        @Override
        public MultiTurnEntryProgress progress() {
            return null;
        }
    }

    @BeforeEach
    void start() {
        EVENTS.clear();
        refusedScenario = null;
        env = CampaignTestEnvironment.create();
    }

    @AfterEach
    void stop() {
        env.close();
    }

    private static CellPlanEntry memoryCell() {
        return new CellPlanEntry("a", "m", "bench-a", "react", "none", 3, 2, TaskQueues.llm("m"), null, null, null, null, 5, null,
                List.of("notetaker", "student"));
    }

    private CellProgress run(CellPlanEntry cell) {
        CampaignTestEnvironment.startCellWorkers(env, cell, ScriptedScenario.class, ScriptedQuestion.class);
        CampaignTestEnvironment.startCell(env, cell, 2, false);
        return env.getWorkflowClient().newUntypedWorkflowStub("cell-a").getResult(CellProgress.class);
    }

    @Test
    void everyScenarioAndTrialFillsItsMemoryOnceBeforeAnyQuestion() throws Exception {
        CellProgress progress = run(memoryCell());
        assertThat(progress.state()).isEqualTo(CellState.COMPLETED);
        assertThat(progress.done()).isEqualTo(6);
        assertThat(progress.completed()).isEqualTo(6);
        // by hand: 2 scenarios x 2 trials x 1,100 tokens, 6 questions x 11 tokens
        assertThat(progress.tokens()).isEqualTo(4 * 1100 + 6 * 11);
        assertThat(EVENTS.subList(0, 4)).containsExactlyInAnyOrder("scenario notetaker/0", "scenario notetaker/1", "scenario student/0",
                "scenario student/1");
        assertThat(EVENTS.subList(4, EVENTS.size())).containsExactlyInAnyOrder("question 0/0", "question 0/1", "question 1/0",
                "question 1/1", "question 2/0", "question 2/1");
        var history = env.getWorkflowClient().fetchHistory("cell-a");
        assertThat(history.toJson(false)).contains("BfclMemoryScenarioWorkflow").contains(CampaignTestEnvironment.markerInJson(CellVersions.BFCL_MEMORY));
        RecordedHistories.replayAndMaybeRecord(history, MEMORY, CellWorkflowImpl.class);
    }

    @Test
    void theEndpointRefusingAScenarioStopsTheCellBeforeAnyQuestion() {
        refusedScenario = "student";
        CellProgress progress = run(memoryCell());
        assertThat(progress.state()).isEqualTo(CellState.STOPPED);
        assertThat(progress.failure()).contains("401 Unauthorized from the endpoint");
        assertThat(EVENTS).noneMatch(e -> e.startsWith("question"));
    }

    @Test
    void aCellStartedPausedRunsNoPrerequisiteConversationUntilResumed() throws Exception {
        CellPlanEntry cell = memoryCell();
        CampaignTestEnvironment.startCellWorkers(env, cell, ScriptedScenario.class, ScriptedQuestion.class);
        CellWorkflow started = CampaignTestEnvironment.startCell(env, cell, 2, false, new CellCursor(0, 0, 0, 0, 0, true, 0));
        assertThat(started.progress().state()).isEqualTo(CellState.PAUSED);
        Thread.sleep(500);
        assertThat(EVENTS).as("nothing paid while paused").isEmpty();
        assertThat(env.getWorkflowClient().fetchHistory("cell-a").toJson(false)).doesNotContain("BfclMemoryScenarioWorkflow");
        started.resume();
        CellProgress progress = env.getWorkflowClient().newUntypedWorkflowStub("cell-a").getResult(CellProgress.class);
        assertThat(progress.state()).isEqualTo(CellState.COMPLETED);
        assertThat(EVENTS).hasSize(4 + 6);
        var history = env.getWorkflowClient().fetchHistory("cell-a");
        assertThat(history.toJson(false)).contains(CampaignTestEnvironment.markerInJson(CellVersions.MEMORY_AFTER_RESUME));
        RecordedHistories.replayAndMaybeRecord(history, PAUSED_MEMORY, CellWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(PAUSED_MEMORY), CellWorkflowImpl.class);
    }

    @Test
    void aPauseOfTheCellHoldsItsRunningScenariosUntilItsResume() throws Exception {
        CellPlanEntry cell = memoryCell();
        CampaignTestEnvironment.startCellWorkers(env, cell, PausableScenario.class, ScriptedQuestion.class);
        CellWorkflow started = CampaignTestEnvironment.startCell(env, cell, 2, false);
        awaitEvents(e -> e.endsWith(" started"), 4);
        started.pause();
        awaitEvents("paused"::equals, 4);
        assertThat(EVENTS).as("nothing ended or asked while paused").noneMatch(e -> e.endsWith(" ended") || e.startsWith("question"));
        started.resume();
        CellProgress progress = env.getWorkflowClient().newUntypedWorkflowStub("cell-a").getResult(CellProgress.class);
        assertThat(progress.state()).isEqualTo(CellState.COMPLETED);
        assertThat(EVENTS.stream().filter("resumed"::equals)).hasSize(4);
        assertThat(EVENTS.stream().filter(e -> e.startsWith("question"))).hasSize(6);
        var history = env.getWorkflowClient().fetchHistory("cell-a");
        assertThat(history.toJson(false)).contains(CampaignTestEnvironment.markerInJson(CellVersions.MEMORY_PAUSES));
        RecordedHistories.replayAndMaybeRecord(history, PAUSES_FORWARDED, CellWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(PAUSES_FORWARDED), CellWorkflowImpl.class);
    }

    /** Waits (up to 20 s) until {@code count} events match; fails the test otherwise. */
    private static void awaitEvents(java.util.function.Predicate<String> matching, int count) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
        while (EVENTS.stream().filter(matching).count() < count) {
            assertThat(System.nanoTime()).as("events so far: " + EVENTS).isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    static final String PAUSES_FORWARDED = CellModeHistoriesTest.DIR + "cell-bfcl-memory-pause-forwarded.json";
    static final String PAUSED_MEMORY = CellModeHistoriesTest.DIR + "cell-bfcl-memory-started-paused.json";

    @Test
    void theRecordedMemoryCellAndAMultiTurnCellRecordedBeforeItReplay() throws Exception {
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(MEMORY), CellWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(CellModeHistoriesTest.MULTI_TURN), CellWorkflowImpl.class);
    }
}
