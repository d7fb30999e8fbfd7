package dev.ibench.activities.campaign;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/**
 * How many workers poll an activity task queue (Temporal's DescribeTaskQueue), asked by a cell as a local activity on
 * the workflow worker when one of its activities waited for a worker longer than the campaign's
 * {@code no_worker_check_seconds}: it tells "no worker polls the queue" from "its workers are all busy".
 */
@ActivityInterface
public interface TaskQueuePollers {
    @ActivityMethod
    int activityPollers(String taskQueue);
}
