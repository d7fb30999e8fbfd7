package dev.ibench.activities.rest;

import io.temporal.activity.ActivityInterface;

/** The deterministic judge (scoring queue): an executed attempt against the gold rows, with the builder's normalisation. */
@ActivityInterface(namePrefix = "Rest")
public interface RestJudgeActivities {
    RestJudgeOutcome judge(RestStep step);
}
