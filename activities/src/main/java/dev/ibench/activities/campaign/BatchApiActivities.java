package dev.ibench.activities.campaign;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * A {@code batch: true} cell's work with the provider's Batch API (docs/batch.md), on the model's LLM task queue; each
 * activity is short, and the cell waits between looks with a workflow timer, holding no worker. Every step is keyed by
 * the part's {@code batchKey} in the results store, written before anything is sent, so a worker killed at any point
 * never submits the same items twice.
 */
@ActivityInterface
public interface BatchApiActivities {
    /** Writes the part's input file, uploads it and creates its batch, or finds the batch an earlier attempt created. */
    @ActivityMethod
    BatchSubmitted submitBatch(BatchPart part);

    /** One look at the part's batch. */
    @ActivityMethod
    BatchLook lookAtBatch(String batchKey);

    /** Cancels the part's batch unless it ended; lines it answered before are still collected. */
    @ActivityMethod
    BatchLook cancelBatch(String batchKey);

    /** Downloads the ended batch's output and error files and stores each answered item as a normal call's output. */
    @ActivityMethod
    BatchCollected collectBatch(BatchPart part);
}
