package dev.ibench.workflows.multiturn;

import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.multiturn.MultiTurnEntryRef;
import dev.ibench.activities.multiturn.MultiTurnExecSummary;
import dev.ibench.activities.multiturn.MultiTurnFinishRequest;
import dev.ibench.activities.multiturn.MultiTurnModelActivities;
import dev.ibench.activities.multiturn.MultiTurnScoringActivities;
import dev.ibench.activities.multiturn.MultiTurnStepRef;
import dev.ibench.activities.multiturn.MultiTurnStepSummary;
import dev.ibench.activities.multiturn.MultiTurnToolActivities;
import dev.ibench.workflows.Failures;
import dev.ibench.workflows.react.TrajectorySpend;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Workflow;

/**
 * The turn loop of {@link MultiTurnEntryWorkflow}, as bfcl-eval's {@code inference_multi_turn_prompting} runs it: in each
 * turn, steps until one decodes to no call; a turn whose {@code stepsPerTurn}-th step still called is forced to quit and
 * the conversation ends there (bfcl-eval's {@code MAXIMUM_STEP_LIMIT}; the checker then fails the entry as
 * force-terminated unless it was the last turn). Activity summaries read as the conversation in the Temporal UI
 * ({@code turn 1 · step 2 · think (model)}, {@code turn 1 · step 2 · cd(folder='x')}); the current details show the turn
 * and step the entry is in. A failed activity fails the run with the activity's own failure type, as ReACT runs do, except
 * a model step refused for good after the conversation's first step: the conversation stops there and is scored. When
 * the conversation ends (scored or failed), the interpreters its steps used are closed on the workers that hold them.
 */
public final class MultiTurnEntryWorkflowImpl implements MultiTurnEntryWorkflow {
    /** Change id: a refused step after the first stops the conversation, which is then scored. */
    static final String STOP_ON_REFUSED_STEP = "multi-turn-stop-on-refused-step";
    /** Change id: a conversation that ends closes its interpreters on the workers that executed its steps. */
    static final String CLOSE_INTERPRETERS = "multi-turn-close-interpreters";
    private final ConversationInterpreters interpreters = new ConversationInterpreters();
    private MultiTurnEntryInput input;
    private int turns;
    private int turn;
    private int step;
    private String lastStep = "not started";
    private boolean finished;
    private TrajectorySpend spend = TrajectorySpend.NONE;

    @Override
    public SampleOutcome run(MultiTurnEntryInput input) {
        this.input = input;
        int turnsRun = 0;
        try {
            turns = Workflow.newActivityStub(MultiTurnScoringActivities.class, MultiTurnActivityOptions.scoring("read the entry"))
                    .turns(new MultiTurnEntryRef(input.cellId(), input.position(), input.trial()));
            boolean forcedQuit = false;
            boolean stopped = false;
            for (turn = 0; turn < turns && !forcedQuit && !stopped; turn++) {
                turnsRun = turn + 1;
                for (step = 1; ; step++) {
                    MultiTurnStepRef ref = new MultiTurnStepRef(input.cellId(), input.position(), input.trial(), turn, step);
                    MultiTurnStepSummary thought;
                    try {
                        thought = model(label() + " · think (" + input.model() + ")").think(ref);
                    } catch (ActivityFailure f) {
                        if (!stopsConversation(f)) {
                            throw f;
                        }
                        stopped = true;
                        record(label() + " · stopped: the model refused the step (" + Failures.rootMessage(f) + ")");
                        break;
                    }
                    spend = spend.plus(thought.promptTokens(), thought.completionTokens(), thought.costUsd(), thought.tokensUnknown());
                    if (thought.endsTurn()) {
                        record(label() + " · no call: end of turn");
                        break;
                    }
                    MultiTurnExecSummary executed = tools(label() + " · " + thought.preview()).execute(ref);
                    interpreters.heldFor(executed);
                    record(label() + " · " + thought.preview() + " -> " + executed.preview());
                    if (step > input.stepsPerTurn()) {
                        forcedQuit = true;
                        record(label() + " · forced to quit after " + input.stepsPerTurn() + " steps");
                        break;
                    }
                }
            }
            turn = Math.min(turn, turns - 1);
            startClosingInterpreters();
            SampleOutcome outcome = Workflow.newActivityStub(MultiTurnScoringActivities.class,
                    MultiTurnActivityOptions.scoring("score conversation (" + turnsRun + " of " + turns + " turns)"))
                    .finish(new MultiTurnFinishRequest(input.cellId(), input.position(), input.trial(), turnsRun));
            interpreters.awaitClosed();
            finished = true;
            record("finished: " + (outcome.completed() ? "valid" : "not valid"));
            return outcome.withSpend(spend.promptTokens(), spend.completionTokens(), spend.costUsd(), spend.tokensUnknownCalls());
        } catch (ActivityFailure f) {
            startClosingInterpreters();
            interpreters.awaitClosed();
            String type = Failures.type(f);
            throw ApplicationFailure.newNonRetryableFailureWithCause("conversation " + input.cellId() + "#" + input.position() + "/"
                    + input.trial() + " stopped at turn " + turn + " step " + step + ": " + Failures.rootMessage(f),
                    type != null ? type : "MultiTurnActivityFailed", f, spend);
        }
    }

    /**
     * A step after the conversation's first that the model's endpoint refuses for good (its prompt outgrew the context,
     * say): since {@link #STOP_ON_REFUSED_STEP}, the conversation stops there and is scored with the turns run, the turn it
     * stopped in without that step, as the model's failure (bfcl-eval counts an entry whose inference failed as wrong);
     * before, the run failed and the cell recorded the entry as rejected. A refused first step is still a rejected
     * sample: no conversation took place.
     */
    private boolean stopsConversation(ActivityFailure f) {
        return FailureTypes.SAMPLE_REJECTED.equals(Failures.type(f)) && !(turn == 0 && step == 1)
                && Workflow.getVersion(STOP_ON_REFUSED_STEP, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    /**
     * Since {@link #CLOSE_INTERPRETERS}: asks every worker process that executed a step of this conversation to close its
     * interpreter (while the conversation is scored), instead of leaving it to the worker's idle limit.
     */
    private void startClosingInterpreters() {
        MultiTurnEntryRef entry = new MultiTurnEntryRef(input.cellId(), input.position(), input.trial());
        interpreters.startClosing(CLOSE_INTERPRETERS, sessions -> sessions::close, entry);
    }

    private String label() {
        return "turn " + turn + " · step " + step;
    }

    private MultiTurnModelActivities model(String summary) {
        return Workflow.newActivityStub(MultiTurnModelActivities.class, MultiTurnActivityOptions.think(input.llmTaskQueue(), summary));
    }

    private static MultiTurnToolActivities tools(String summary) {
        return Workflow.newActivityStub(MultiTurnToolActivities.class, MultiTurnActivityOptions.tools(summary));
    }

    private void record(String what) {
        lastStep = what;
        if (turns == 0) {
            return;
        }
        Workflow.setCurrentDetails("**BFCL multi-turn** " + input.model() + " · entry #" + input.position() + " trial " + input.trial()
                + " · turn " + (Math.min(turn, turns - 1) + 1) + " of " + turns + " · step " + step + " (limit "
                + input.stepsPerTurn() + ") · " + spend.describe() + "\n\nlast: " + what);
    }

    @Override
    public MultiTurnEntryProgress progress() {
        if (input == null || turns == 0) {
            return new MultiTurnEntryProgress(0, 0, 0, lastStep, false);
        }
        return new MultiTurnEntryProgress(Math.min(turn, turns - 1), turns, step, lastStep, finished);
    }
}
