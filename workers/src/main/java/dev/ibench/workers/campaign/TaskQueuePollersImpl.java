package dev.ibench.workers.campaign;

import dev.ibench.activities.campaign.TaskQueuePollers;
import io.temporal.api.enums.v1.TaskQueueType;
import io.temporal.client.WorkflowClient;

/** {@link TaskQueuePollers} through the worker's own client: the same DescribeTaskQueue as {@code campaign status}. */
public final class TaskQueuePollersImpl implements TaskQueuePollers {
    private final WorkflowClient client;

    public TaskQueuePollersImpl(WorkflowClient client) {
        this.client = client;
    }

    @Override
    public int activityPollers(String taskQueue) {
        return UnservedQueues.describe(client, taskQueue, TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY).getPollersCount();
    }
}
