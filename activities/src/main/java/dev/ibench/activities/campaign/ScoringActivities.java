package dev.ibench.activities.campaign;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** Parses the stored raw output of a work item, executes it in the tool runtime, scores it and stores the score. */
@ActivityInterface
public interface ScoringActivities {
    @ActivityMethod
    SampleOutcome scoreSample(WorkItem item);

    /** {@link #scoreSample} for every item of the batch; an item that cannot be scored here is returned as a failure. */
    @ActivityMethod
    BatchScoreResult scoreBatch(ScoringBatch batch);

    /**
     * Scores the items of a window batch whose outputs are stored, while the batch may still be calling the model
     * ({@link ScoringSweep}); a retried sweep scores the same items again (scoring is recomputation) and counts them once.
     */
    @ActivityMethod
    SweepResult scoreSweep(ScoringSweep sweep);
}
