package dev.ibench.activities.multiturn;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * The model step of a memory scenario's prerequisite conversation, on the model's LLM task queue: as a multi-turn
 * conversation's step ({@link MultiTurnModelActivities}), its messages built from the memory the conversations before
 * left; the model's text is stored before the activity completes, so a step already answered is never asked again.
 */
@ActivityInterface
public interface BfclMemoryModelActivities {
    @ActivityMethod(name = "BfclMemoryThink")
    MultiTurnStepSummary think(BfclMemoryStepRef ref);
}
