package dev.ibench.activities.rest;

import io.temporal.activity.ActivityInterface;

/**
 * The REST generation steps that call a model (the model's LLM queue): code-gen proposes an endpoint for an
 * attempt (with the previous attempt's verdict fed back), and the LLM judge (seed appendix E.2.2) decides
 * attempts whose response differs from the gold rows in format only.
 */
@ActivityInterface(namePrefix = "Rest")
public interface RestModelActivities {
    RestStepOutcome propose(RestStep step);

    RestJudgeOutcome llmJudge(RestStep step);
}
