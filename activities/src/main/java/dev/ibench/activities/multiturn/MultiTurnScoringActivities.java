package dev.ibench.activities.multiturn;

import dev.ibench.activities.campaign.SampleOutcome;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** Describes an entry and scores a finished conversation with bfcl-eval's multi-turn checks and stores the verdict with its per-turn credit. */
@ActivityInterface
public interface MultiTurnScoringActivities {
    /** The entry's number of turns (read from its eval set), which the conversation's workflow loops over. */
    @ActivityMethod(name = "MultiTurnTurns")
    int turns(MultiTurnEntryRef entry);


    @ActivityMethod(name = "MultiTurnFinish")
    SampleOutcome finish(MultiTurnFinishRequest request);
}
