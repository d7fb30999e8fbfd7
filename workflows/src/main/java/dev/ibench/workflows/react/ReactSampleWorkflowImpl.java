package dev.ibench.workflows.react;

import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.react.ReactFinishRequest;
import dev.ibench.activities.react.ReactModelActivities;
import dev.ibench.activities.react.ReactScoringActivities;
import dev.ibench.activities.react.ReactStepRef;
import dev.ibench.activities.react.ReactThinkRequest;
import dev.ibench.activities.react.ReactToolActivities;
import dev.ibench.activities.react.ReactTurnSummary;
import dev.ibench.activities.react.ToolStepSummary;
import dev.ibench.workflows.Failures;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Workflow;

/**
 * The TAO loop of {@link ReactSampleWorkflow}. What the model steps paid (from their results, no extra event) is summed
 * into the outcome (or the failure's details) for the cell's spend column and shown in the current details. Activity
 * summaries read as the trajectory in the Temporal UI: {@code step 3 · think (model)},
 * {@code step 3 · filter_data(key_name="...", ...)}. A failed activity fails the run with an {@link ApplicationFailure}
 * of the activity's own failure type, so the cell can tell an endpoint
 * rejection (stop the cell) from a sample rejection (record rejected) and an infrastructure failure (record
 * infra_error). A prompt outgrowing the context mid-trajectory is not a rejection: it ends the trajectory (aborted).
 */
public final class ReactSampleWorkflowImpl implements ReactSampleWorkflow {
    private ReactSampleInput input;
    private int step;
    private String lastStep = "not started";
    private boolean finished;
    private TrajectorySpend spend = TrajectorySpend.NONE;

    @Override
    public SampleOutcome run(ReactSampleInput input) {
        this.input = input;
        ReactStepRef ref = new ReactStepRef(input.cellId(), input.position(), input.trial(), 0);
        try {
            ToolStepSummary init = tools("step 0 · initialize_active_data").initialize(ref);
            record("step 0 · " + init.preview());
            for (step = 1; step <= input.budget(); step++) {
                ReactTurnSummary turn = model("step " + step + " · think (" + input.model() + ")")
                        .think(new ReactThinkRequest(ref.atStep(step), input.observationChars()));
                spend = spend.plus(turn.promptTokens(), turn.completionTokens(), turn.costUsd(), turn.tokensUnknown());
                if (turn.isAction()) {
                    ToolStepSummary observed = tools("step " + step + " · " + turn.call()).act(ref.atStep(step));
                    record("step " + step + " · " + turn.call() + " -> " + observed.preview());
                } else {
                    record("step " + step + " · " + turn.kind().replace('_', ' '));
                }
                if (turn.endsTrajectory()) {
                    break;
                }
            }
            SampleOutcome outcome = Workflow.newActivityStub(ReactScoringActivities.class,
                    ReactActivityOptions.scoring("score trajectory (" + Math.min(step, input.budget()) + " steps)"))
                    .finish(new ReactFinishRequest(ref, input.budget()));
            finished = true;
            record("finished: " + (outcome.completed() ? "completed" : "not completed"));
            return outcome.withSpend(spend.promptTokens(), spend.completionTokens(), spend.costUsd(), spend.tokensUnknownCalls());
        } catch (ActivityFailure f) {
            throw ApplicationFailure.newNonRetryableFailureWithCause(
                    "trajectory " + ref + " stopped at step " + step + ": " + Failures.rootMessage(f), failureType(f), f, spend);
        }
    }

    private ReactModelActivities model(String summary) {
        return Workflow.newActivityStub(ReactModelActivities.class, ReactActivityOptions.think(input.llmTaskQueue(), summary));
    }

    private static ReactToolActivities tools(String summary) {
        return Workflow.newActivityStub(ReactToolActivities.class, ReactActivityOptions.tools(summary));
    }

    private void record(String what) {
        lastStep = what;
        Workflow.setCurrentDetails("**ReACT** " + input.model() + " · sample #" + input.position() + " trial " + input.trial()
                + " · step " + Math.min(step, input.budget()) + " of " + input.budget() + " · " + spend.describe() + "\n\nlast: " + what);
    }

    private static String failureType(ActivityFailure f) {
        String type = Failures.type(f);
        return type != null ? type : "ReactActivityFailed";
    }


    @Override
    public ReactSampleProgress progress() {
        return new ReactSampleProgress(Math.min(step, input == null ? 0 : input.budget()), input == null ? 0 : input.budget(),
                lastStep, finished);
    }
}
