package dev.ibench.activities.react;

import dev.ibench.activities.campaign.SampleOutcome;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** Classifies a finished trajectory (completed, loops, OOB, Stuck, unclassified) and stores it as the sample's result. */
@ActivityInterface
public interface ReactScoringActivities {
    @ActivityMethod(name = "ReactFinish")
    SampleOutcome finish(ReactFinishRequest request);
}
