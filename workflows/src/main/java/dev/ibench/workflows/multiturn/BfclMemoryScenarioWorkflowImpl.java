package dev.ibench.workflows.multiturn;

import dev.ibench.activities.multiturn.BfclMemoryConversationRef;
import dev.ibench.activities.multiturn.BfclMemoryModelActivities;
import dev.ibench.activities.multiturn.BfclMemoryScenarioRef;
import dev.ibench.activities.multiturn.BfclMemoryScenarioStart;
import dev.ibench.activities.multiturn.BfclMemoryStepRef;
import dev.ibench.activities.multiturn.BfclMemoryToolActivities;
import dev.ibench.activities.multiturn.MultiTurnExecSummary;
import dev.ibench.activities.multiturn.MultiTurnStepSummary;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Workflow;

/**
 * The conversation loop of {@link BfclMemoryScenarioWorkflow}, as bfcl-eval's {@code inference_multi_turn_prompting} runs
 * a prerequisite conversation: in each turn, steps until one decodes to no call; a turn whose {@code stepsPerTurn}-th step
 * still called is forced to quit and the conversation ends there; either way its memory is then flushed (stored). A
 * failed activity fails the run with the activity's failure type and what the steps paid. A pause holds the next model
 * step until resumed. A long scenario continues as new after a stored conversation once its history is large (since
 * {@link #CONTINUE_AS_NEW}): the next run begins after the stored memory, carrying what the runs before it paid.
 */
public final class BfclMemoryScenarioWorkflowImpl implements BfclMemoryScenarioWorkflow {
    private BfclMemoryScenarioInput input;
    private int conversation;
    private int conversations;
    private int turn;
    private int step;
    private TrajectorySpend spend = TrajectorySpend.NONE;
    private boolean paused;
    /** Change id: a long scenario continues as new after a stored conversation once its history is large. */
    static final String CONTINUE_AS_NEW = "bfcl-memory-continue-as-new";
    /** Change id: a conversation whose memory is stored closes its interpreters on the workers that executed its steps. */
    static final String CLOSE_INTERPRETERS = "bfcl-memory-close-interpreters";
    private final ConversationInterpreters interpreters = new ConversationInterpreters();

    @Override
    public TrajectorySpend run(BfclMemoryScenarioInput input) {
        this.input = input;
        spend = input.spentBefore();
        try {
            BfclMemoryScenarioStart start = tools("begin scenario " + input.scenario())
                    .begin(new BfclMemoryScenarioRef(input.cellId(), input.scenario(), input.trial()));
            conversations = start.turns().size();
            for (conversation = start.filled(); conversation < conversations; conversation++) {
                converse(start.turns().get(conversation));
                String hash = tools("conversation " + (conversation + 1) + " · store the memory")
                        .snapshot(new BfclMemoryConversationRef(input.cellId(), input.scenario(), input.trial(), conversation));
                record("memory after conversation " + (conversation + 1) + ": " + hash);
                closeInterpreters();
                if (conversation + 1 < conversations && historyIsLarge()
                        && Workflow.getVersion(CONTINUE_AS_NEW, Workflow.DEFAULT_VERSION, 1) >= 1) {
                    // the next run begins after the memory just stored, as a retried scenario does
                    Workflow.continueAsNew(input.continuedWith(spend));
                }
            }
            return spend;
        } catch (ActivityFailure f) {
            String type = Failures.type(f);
            throw ApplicationFailure.newNonRetryableFailureWithCause("memory scenario " + input.scenario() + " of " + input.cellId() + " trial "
                    + input.trial() + " stopped at prerequisite conversation " + (conversation + 1) + " turn " + turn + " step " + step + ": "
                    + Failures.rootMessage(f), type != null ? type : "BfclMemoryActivityFailed", f, spend);
        }
    }

    private void converse(int turns) {
        for (turn = 0; turn < turns; turn++) {
            for (step = 1; ; step++) {
                if (paused) {
                    record(label() + " · paused before the model step");
                    Workflow.await(() -> !paused);
                }
                BfclMemoryStepRef ref = new BfclMemoryStepRef(input.cellId(), input.scenario(), input.trial(), conversation, turn, step);
                MultiTurnStepSummary thought = Workflow.newActivityStub(BfclMemoryModelActivities.class,
                        MultiTurnActivityOptions.think(input.llmTaskQueue(), label() + " · think (" + input.model() + ")")).think(ref);
                spend = spend.plus(thought.promptTokens(), thought.completionTokens(), thought.costUsd(), thought.tokensUnknown());
                if (thought.endsTurn()) {
                    record(label() + " · no call: end of turn");
                    break;
                }
                MultiTurnExecSummary executed = tools(label() + " · " + thought.preview()).execute(ref);
                interpreters.heldFor(executed);
                record(label() + " · " + thought.preview() + " -> " + executed.preview());
                if (step > input.stepsPerTurn()) {
                    record(label() + " · forced to quit after " + input.stepsPerTurn() + " steps");
                    return;
                }
            }
        }
    }

    /**
     * Since {@link #CLOSE_INTERPRETERS}: asks every worker process that executed a step of the conversation just stored to
     * close its interpreter.
     */
    private void closeInterpreters() {
        BfclMemoryConversationRef ref = new BfclMemoryConversationRef(input.cellId(), input.scenario(), input.trial(), conversation);
        interpreters.startClosing(CLOSE_INTERPRETERS, sessions -> sessions::closeMemoryConversation, ref);
        interpreters.awaitClosed();
    }

    private boolean historyIsLarge() {
        return Workflow.getInfo().isContinueAsNewSuggested() || Workflow.getInfo().getHistoryLength() > input.historyEventsBeforeContinue();
    }

    @Override
    public void pause() {
        paused = true;
    }

    @Override
    public void resume() {
        paused = false;
    }

    private String label() {
        return "conversation " + (conversation + 1) + " · turn " + turn + " · step " + step;
    }

    private static BfclMemoryToolActivities tools(String summary) {
        return Workflow.newActivityStub(BfclMemoryToolActivities.class, MultiTurnActivityOptions.tools(summary));
    }

    private void record(String what) {
        Workflow.setCurrentDetails("**BFCL memory** " + input.model() + " · scenario " + input.scenario() + " trial " + input.trial()
                + " · prerequisite conversation " + (conversation + 1) + " of " + conversations + " · " + spend.describe() + "\n\nlast: " + what);
    }
}
