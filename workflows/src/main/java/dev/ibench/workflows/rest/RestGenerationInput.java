package dev.ibench.workflows.rest;

import dev.ibench.activities.rest.QuestionOutcome;
import dev.ibench.activities.rest.RestJob;
import dev.ibench.activities.rest.RestPlan;
import java.util.List;

/**
 * A run's input: the job, how many questions go through the steps at once, and when continuing as new the plan,
 * the next candidate index and the outcomes so far (ids and reason keys only).
 */
public record RestGenerationInput(RestJob job, int questionsInFlight, RestPlan plan, int nextIndex, List<QuestionOutcome> outcomes) {
    public RestGenerationInput {
        outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
    }

    public static RestGenerationInput start(RestJob job, int questionsInFlight) {
        return new RestGenerationInput(job, questionsInFlight, null, 0, List.of());
    }
}
