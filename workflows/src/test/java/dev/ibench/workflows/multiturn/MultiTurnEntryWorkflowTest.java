package dev.ibench.workflows.multiturn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.multiturn.MultiTurnEntryRef;
import dev.ibench.activities.multiturn.MultiTurnExecSummary;
import dev.ibench.activities.multiturn.MultiTurnFinishRequest;
import dev.ibench.activities.multiturn.MultiTurnModelActivities;
import dev.ibench.activities.multiturn.MultiTurnScoringActivities;
import dev.ibench.activities.multiturn.MultiTurnStepRef;
import dev.ibench.activities.multiturn.MultiTurnStepSummary;
import dev.ibench.activities.multiturn.MultiTurnToolActivities;
import dev.ibench.workflows.TaskQueues;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.util.List;
import java.util.Map;
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

    /** Calls per (turn, step) the scripted model makes; absent: no call (the end of the turn). */
    private record Script(int turns, Map<String, Integer> calls) {}

    private final List<String> thought = new CopyOnWriteArrayList<>();
    private final List<String> executed = new CopyOnWriteArrayList<>();
    private final List<Integer> finishedWithTurns = new CopyOnWriteArrayList<>();

    private SampleOutcome run(Script script, int stepsPerTurn) {
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            env.newWorker(TaskQueues.WORKFLOWS).registerWorkflowImplementationTypes(MultiTurnEntryWorkflowImpl.class);
            env.newWorker(LLM).registerActivitiesImplementations((MultiTurnModelActivities) ref -> {
                thought.add(ref.turn() + "." + ref.step());
                int calls = script.calls().getOrDefault(ref.turn() + "." + ref.step(), 0);
                return new MultiTurnStepSummary(ref.turn(), ref.step(), calls, "f()", false, 100, 10, 0.001);
            });
            env.newWorker(TaskQueues.TOOLS).registerActivitiesImplementations((MultiTurnToolActivities) ref -> {
                executed.add(ref.turn() + "." + ref.step());
                return new MultiTurnExecSummary(1, "None", false, false);
            });
            env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(new MultiTurnScoringActivities() {
                @Override
                public int turns(MultiTurnEntryRef entry) {
                    return script.turns();
                }

                @Override
                public SampleOutcome finish(MultiTurnFinishRequest request) {
                    finishedWithTurns.add(request.turnsRun());
                    return new SampleOutcome(false, true, true);
                }
            });
            env.start();
            MultiTurnEntryWorkflow wf = env.getWorkflowClient().newWorkflowStub(MultiTurnEntryWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("mt-1").build());
            return wf.run(new MultiTurnEntryInput("c", "cell", "m", LLM, 0, 0, stepsPerTurn));
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
    void aTurnStillCallingAfterTheStepLimitIsForcedToQuitAndTheConversationStops() {
        // limit 2: bfcl-eval executes steps 1..3 (count 1..3) and quits once count > 2
        SampleOutcome o = run(new Script(3, Map.of("0.1", 1, "1.1", 1, "1.2", 1, "1.3", 1, "1.4", 1)), 2);
        assertThat(thought).containsExactly("0.1", "0.2", "1.1", "1.2", "1.3");
        assertThat(executed).containsExactly("0.1", "1.1", "1.2", "1.3");
        assertThat(finishedWithTurns).as("scored with the turns that ran").containsExactly(2);
        assertThat(o.completed()).isTrue();
    }
}
