package dev.ibench.workflows.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.multiturn.MultiTurnEntryRef;
import dev.ibench.activities.multiturn.MultiTurnExecSummary;
import dev.ibench.activities.multiturn.MultiTurnFinishRequest;
import dev.ibench.activities.multiturn.MultiTurnModelActivities;
import dev.ibench.activities.multiturn.MultiTurnScoringActivities;
import dev.ibench.activities.multiturn.MultiTurnSessionActivities;
import dev.ibench.activities.multiturn.MultiTurnStepRef;
import dev.ibench.activities.multiturn.MultiTurnStepSummary;
import dev.ibench.activities.multiturn.MultiTurnToolActivities;
import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.temporal.client.WorkflowFailedException;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.WorkflowReplayer;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The turn loop of {@link MultiTurnEntryWorkflowImpl} as bfcl-eval's prompting handler runs it, with scripted activities
 * (test doubles): a step that decodes to no call ends its turn; a turn whose model still calls after the step limit
 * executes that step and is forced to quit, and the conversation stops there (scored with the turns run); steps' spend is
 * summed into the outcome.
 */
class MultiTurnEntryWorkflowTest {
    private static final String LLM = TaskQueues.llm("mt-test");

    /**
     * Calls per (turn, step) the scripted model makes; absent: no call (the end of the turn). A step in {@code rejected}
     * fails as the model activity fails when the endpoint refuses it (its prompt outgrew the context).
     */
    private record Script(int turns, Map<String, Integer> calls, Set<String> rejected) {
        Script(int turns, Map<String, Integer> calls) {
            this(turns, calls, Set.of());
        }
    }

    /** A run's outcome (null when it failed), its failure, and its history. */
    private record Run(SampleOutcome outcome, WorkflowFailedException failure, WorkflowExecutionHistory history) {}

    private final List<String> thought = new CopyOnWriteArrayList<>();
    private final List<String> executed = new CopyOnWriteArrayList<>();
    private final List<Integer> finishedWithTurns = new CopyOnWriteArrayList<>();
    /** Steps (turn.step) whose server reported no usage: the scripted model says their tokens are unknown. */
    private final List<String> unknownUsage = new CopyOnWriteArrayList<>();
    /** Per executed step (turn.step), the queue of the worker process the scripted tools say now holds the interpreter. */
    private final Map<String, String> heldOn = new java.util.concurrent.ConcurrentHashMap<>();
    /** Steps (turn.step) whose execution fails for good (the backends broke). */
    private final Set<String> failingExecutions = new java.util.concurrent.CopyOnWriteArraySet<>();
    /** Interpreters closed: the worker queue, then the entry. */
    private final List<String> closed = new CopyOnWriteArrayList<>();
    private static final String WORKER_1 = TaskQueues.TOOLS + "/sessions-w1";
    private static final String WORKER_2 = TaskQueues.TOOLS + "/sessions-w2";
    /** A worker process that was SIGKILLed: nobody polls its queue any more. */
    private static final String WORKER_GONE = TaskQueues.TOOLS + "/sessions-gone";

    private SampleOutcome run(Script script, int stepsPerTurn) {
        Run r = runWithHistory(script, stepsPerTurn);
        if (r.failure() != null) {
            throw r.failure();
        }
        return r.outcome();
    }

    private Run runWithHistory(Script script, int stepsPerTurn) {
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            env.newWorker(TaskQueues.WORKFLOWS).registerWorkflowImplementationTypes(MultiTurnEntryWorkflowImpl.class);
            env.newWorker(LLM).registerActivitiesImplementations((MultiTurnModelActivities) ref -> {
                thought.add(ref.turn() + "." + ref.step());
                if (script.rejected().contains(ref.turn() + "." + ref.step())) {
                    throw ApplicationFailure.newNonRetryableFailure("gguf:SmolLM2: prompt of 8125 tokens plus max_tokens 128 exceeds the "
                            + "context length 8192", FailureTypes.SAMPLE_REJECTED);
                }
                int calls = script.calls().getOrDefault(ref.turn() + "." + ref.step(), 0);
                if (unknownUsage.contains(ref.turn() + "." + ref.step())) {
                    return new MultiTurnStepSummary(ref.turn(), ref.step(), calls, "f()", false, 0, 0, null, true);
                }
                return new MultiTurnStepSummary(ref.turn(), ref.step(), calls, "f()", false, 100, 10, 0.001, false);
            });
            env.newWorker(TaskQueues.TOOLS).registerActivitiesImplementations((MultiTurnToolActivities) ref -> {
                String at = ref.turn() + "." + ref.step();
                executed.add(at);
                if (failingExecutions.contains(at)) {
                    throw ApplicationFailure.newNonRetryableFailure("the backends broke", "BfclBackendsFailed");
                }
                return new MultiTurnExecSummary(1, "None", false, false, heldOn.get(at));
            });
            for (String worker : List.of(WORKER_1, WORKER_2)) {
                env.newWorker(worker).registerActivitiesImplementations(new MultiTurnSessionActivities() {
                    @Override
                    public void close(MultiTurnEntryRef entry) {
                        closed.add(worker + " " + entry.cellId() + "#" + entry.position() + "/" + entry.trial());
                    }

                    @Override
                    public void closeMemoryConversation(dev.ibench.activities.multiturn.BfclMemoryConversationRef conversation) {
                        throw new AssertionError("not a memory conversation");
                    }
                });
            }
            env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(new MultiTurnScoringActivities() {
                @Override
                public int turns(MultiTurnEntryRef entry) {
                    return script.turns();
                }

                @Override
                public SampleOutcome finish(MultiTurnFinishRequest request) {
                    finishedWithTurns.add(request.turnsRun());
                    return SampleOutcome.scored(true, true);
                }
            });
            env.start();
            MultiTurnEntryWorkflow wf = env.getWorkflowClient().newWorkflowStub(MultiTurnEntryWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("mt-1").build());
            SampleOutcome outcome = null;
            WorkflowFailedException failure = null;
            try {
                outcome = wf.run(new MultiTurnEntryInput("c", "cell", "m", LLM, 0, 0, stepsPerTurn));
            } catch (WorkflowFailedException e) {
                failure = e;
            }
            return new Run(outcome, failure, env.getWorkflowClient().fetchHistory("mt-1"));
        }
    }

    @Test
    void aStepWithoutCallsEndsItsTurnAndEveryTurnRuns() {
        SampleOutcome o = run(new Script(3, Map.of("0.1", 2, "0.2", 1, "2.1", 1)), 20);
        assertThat(thought).containsExactly("0.1", "0.2", "0.3", "1.1", "2.1", "2.2");
        assertThat(executed).containsExactly("0.1", "0.2", "2.1");
        assertThat(finishedWithTurns).containsExactly(3);
        assertThat(o.promptTokens()).isEqualTo(600);
        assertThat(o.completionTokens()).isEqualTo(60);
    }

    @Test
    void stepsWithoutUsageAreCountedApartInTheOutcome() {
        unknownUsage.addAll(List.of("0.2", "1.1"));
        SampleOutcome o = run(new Script(2, Map.of("0.1", 1)), 20);
        assertThat(thought).containsExactly("0.1", "0.2", "1.1");
        // by hand: step 0.1 known (100 + 10 tokens, $0.001); 0.2 and 1.1 unknown, adding no tokens and no cost
        assertThat(o.tokensUnknownCalls()).isEqualTo(2);
        assertThat(o.promptTokens()).isEqualTo(100);
        assertThat(o.completionTokens()).isEqualTo(10);
        assertThat(o.costUsd()).isEqualTo(0.001);
    }

    @Test
    void aTurnStillCallingAfterTheStepLimitIsForcedToQuitAndTheConversationStops() {
        // limit 2: bfcl-eval executes steps 1..3 (count 1..3) and quits once count > 2
        SampleOutcome o = run(new Script(3, Map.of("0.1", 1, "1.1", 1, "1.2", 1, "1.3", 1, "1.4", 1)), 2);
        assertThat(thought).containsExactly("0.1", "0.2", "1.1", "1.2", "1.3");
        assertThat(executed).containsExactly("0.1", "1.1", "1.2", "1.3");
        assertThat(finishedWithTurns).as("scored with the turns that ran").containsExactly(2);
        assertThat(o.completed()).isTrue();
    }

    @Test
    void aStepTheModelRefusesMidConversationStopsItAndItIsScoredWithTheTurnsRun() throws Exception {
        // the prompt outgrew the context at turn 1 step 2: the conversation stops there and is scored as the model's
        // (with turns 0 and 1; the checker then fails it), never as an infrastructure failure
        Run r = runWithHistory(new Script(3, Map.of("0.1", 1, "1.1", 1), Set.of("1.2")), 20);
        assertThat(r.failure()).isNull();
        assertThat(thought).containsExactly("0.1", "0.2", "1.1", "1.2");
        assertThat(executed).containsExactly("0.1", "1.1");
        assertThat(finishedWithTurns).containsExactly(2);
        assertThat(r.outcome().completed()).isTrue();
        assertThat(r.outcome().promptTokens()).as("the three steps answered").isEqualTo(300);
        RecordedHistories.replayAndMaybeRecord(r.history(), STOPPED_HISTORY, MultiTurnEntryWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(STOPPED_HISTORY), MultiTurnEntryWorkflowImpl.class);
    }

    @Test
    void aFirstStepTheModelRefusesIsStillARejectedSample() {
        // no conversation at all: the cell records the sample as rejected, as for any prompt that does not fit
        Run r = runWithHistory(new Script(3, Map.of(), Set.of("0.1")), 20);
        assertThat(r.failure()).isNotNull();
        assertThat(r.failure().getCause()).isInstanceOfSatisfying(ApplicationFailure.class,
                f -> assertThat(f.getType()).isEqualTo(FailureTypes.SAMPLE_REJECTED));
        assertThat(thought).containsExactly("0.1");
        assertThat(finishedWithTurns).isEmpty();
    }

    @Test
    void aConversationThatFailedOnARefusedStepBeforeTheChangeReplays() throws Exception {
        // recorded on the code before a refused step stopped the conversation (the run then failed); today's code must
        // take the same path when it replays it
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(FAILED_BEFORE_HISTORY), MultiTurnEntryWorkflowImpl.class);
    }

    @Test
    void anEndedConversationClosesItsInterpretersOnEveryWorkerThatHeldOne() throws Exception {
        // steps 0.1 and 2.1 ran on worker 1, 0.2 on worker 2 (rebuilt there), 2.2 on a worker SIGKILLed since: one close
        // per live worker, none asked twice, and the gone worker does not keep the conversation from being scored
        heldOn.putAll(Map.of("0.1", WORKER_1, "0.2", WORKER_2, "2.1", WORKER_1, "2.2", WORKER_GONE));
        Run r = runWithHistory(new Script(3, Map.of("0.1", 1, "0.2", 1, "2.1", 1, "2.2", 1)), 20);
        assertThat(r.failure()).isNull();
        assertThat(finishedWithTurns).containsExactly(3);
        assertThat(closed).containsExactlyInAnyOrder(WORKER_1 + " cell#0/0", WORKER_2 + " cell#0/0");
        RecordedHistories.replayAndMaybeRecord(r.history(), CLOSED_HISTORY, MultiTurnEntryWorkflowImpl.class);
        WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(CLOSED_HISTORY), MultiTurnEntryWorkflowImpl.class);
    }

    @Test
    void aConversationThatFailsClosesTheInterpretersItUsedBeforeFailing() {
        heldOn.put("0.1", WORKER_2);
        failingExecutions.add("1.1");
        Run r = runWithHistory(new Script(2, Map.of("0.1", 1, "1.1", 1)), 20);
        assertThat(r.failure()).isNotNull();
        assertThat(finishedWithTurns).isEmpty();
        assertThat(closed).containsExactly(WORKER_2 + " cell#0/0");
    }

    @Test
    void stepsReadBackFromTheStoreCloseNothing() {
        // no step names a worker (read back from the store, or recorded before steps named one): no close is scheduled
        run(new Script(2, Map.of("0.1", 1, "1.1", 1)), 20);
        assertThat(closed).isEmpty();
    }

    private static final String CLOSED_HISTORY = "dev/ibench/workflows/multiturn/multi-turn-closes-interpreters.json";
    private static final String STOPPED_HISTORY = "dev/ibench/workflows/multiturn/multi-turn-stopped-at-refused-step.json";
    private static final String FAILED_BEFORE_HISTORY = "dev/ibench/workflows/multiturn/multi-turn-refused-step-before-stop.json";
}
