package dev.ibench.activities.rest;

import io.temporal.activity.ActivityInterface;
import java.util.List;

/**
 * The REST generation steps that run on the tools queue: plan a database's questions, generate an endpoint
 * deterministically, execute an attempt's endpoint with the question's own arguments, dedup the accepted
 * endpoints and publish. Each is idempotent: its result is kept in the job's {@link RestWorkStore}.
 */
@ActivityInterface(namePrefix = "Rest")
public interface RestGenerationActivities {
    RestPlan plan(RestJob job);

    RestStepOutcome generateDeterministic(RestStep step);

    RestStepOutcome execute(RestStep step);

    /** {@code outcomes}: every candidate's outcome in plan order; only accepted ones are deduplicated. */
    RestDedupSummary dedup(RestJob job, List<QuestionOutcome> outcomes);

    RestPublished publish(RestJob job, List<QuestionOutcome> outcomes);
}
