package dev.ibench.activities.multiturn;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * The model step of a BFCL multi-turn conversation, on the model's LLM task queue: builds the step's messages from the
 * stored earlier steps ({@link dev.ibench.core.prompt.BfclMultiTurnPrompt}), calls the model and stores its text under the
 * step's key before it returns, so a step already answered is never asked again.
 */
@ActivityInterface
public interface MultiTurnModelActivities {
    @ActivityMethod(name = "MultiTurnThink")
    MultiTurnStepSummary think(MultiTurnStepRef ref);
}
