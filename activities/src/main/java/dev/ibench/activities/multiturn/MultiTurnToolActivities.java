package dev.ibench.activities.multiturn;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * Executes a model step's decoded calls against the entry's official backends (one interpreter per entry, kept on the
 * worker between steps; rebuilt from the recorded calls when the worker lost it) and stores the results.
 */
@ActivityInterface
public interface MultiTurnToolActivities {
    @ActivityMethod(name = "MultiTurnExecute")
    MultiTurnExecSummary execute(MultiTurnStepRef ref);
}
