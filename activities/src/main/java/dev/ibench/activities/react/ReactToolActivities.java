package dev.ibench.activities.react;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * The tool steps of a ReACT trajectory, on the tools task queue, against the live tool runtime. A worker
 * holds no session between steps: each step re-opens the sample's session and replays the stored earlier
 * calls (the in-process runtime is deterministic and fast), so any tools worker can run any step.
 */
@ActivityInterface
public interface ReactToolActivities {
    /** Step 0: opens the sample's session (the hidden join) and stores the note about the loaded data. */
    @ActivityMethod(name = "ReactInitialize")
    ToolStepSummary initialize(ReactStepRef ref);

    /** Runs the action stored for {@code ref.step()} and stores its full observation. */
    @ActivityMethod(name = "ReactAct")
    ToolStepSummary act(ReactStepRef ref);
}
