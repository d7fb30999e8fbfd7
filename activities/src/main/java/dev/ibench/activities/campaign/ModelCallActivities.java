package dev.ibench.activities.campaign;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * Calls the cell's model for one work item, on the model's own LLM task queue. Renders the prompt
 * from the sample and the model profile, goes through the response cache, and stores the raw output
 * under the item's key; a retried or resumed call finds the stored output and does not pay twice.
 * {@link #callModelBatch} does the same for a run of items at once, each item's output stored as it completes.
 */
@ActivityInterface
public interface ModelCallActivities {
    @ActivityMethod
    ModelCallResult callModel(WorkItem item);

    /**
     * Calls the model for every item of the batch, up to {@link ItemBatch#concurrency()} at once, storing each output as
     * it completes and skipping items whose output is already stored (a retried batch never pays a finished item again).
     * Item failures are returned per item, not thrown.
     */
    @ActivityMethod
    BatchCallResult callModelBatch(ItemBatch batch);
}
