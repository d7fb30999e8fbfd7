package dev.ibench.activities.react;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * The model step of a ReACT trajectory, on the model's LLM task queue: renders the seed ReACT prompt from
 * the stored previous steps, calls the model through the response cache and stores its raw text under
 * (cell, sample, trial, step). A step already stored is never asked again.
 */
@ActivityInterface
public interface ReactModelActivities {
    @ActivityMethod(name = "ReactThink")
    ReactTurnSummary think(ReactThinkRequest request);
}
