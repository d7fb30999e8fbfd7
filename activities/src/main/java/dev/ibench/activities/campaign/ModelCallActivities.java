package dev.ibench.activities.campaign;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * Calls the cell's model for one work item, on the model's own LLM task queue. Renders the prompt
 * from the sample and the model profile, goes through the response cache, and stores the raw output
 * under the item's key; a retried or resumed call finds the stored output and does not pay twice.
 */
@ActivityInterface
public interface ModelCallActivities {
    @ActivityMethod
    ModelCallResult callModel(WorkItem item);
}
