package dev.ibench.workers.campaign;

import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import dev.ibench.workflows.react.ReactCellMode;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.PendingActivityState;
import io.temporal.api.enums.v1.TaskQueueType;
import io.temporal.api.taskqueue.v1.TaskQueue;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import io.temporal.api.workflowservice.v1.DescribeTaskQueueRequest;
import io.temporal.api.workflowservice.v1.DescribeTaskQueueResponse;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import io.temporal.client.WorkflowClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The task queues a running campaign needs that no worker polls (DescribeTaskQueue from the client side): the
 * workflows queue, and for each running cell its model's LLM queue, the scoring queue and, for a ReACT cell, the tools
 * queue. How long work has waited is the queue's backlog age when the server reports one, else the age of the cells'
 * oldest activity not yet started.
 */
public final class UnservedQueues {
    /** One queue without a poller; {@code waiting} is empty when nothing tells how long. */
    public record Unserved(String taskQueue, Optional<Duration> waiting) {
        /** @param temporalFlags the options that reach the same Temporal server and namespace (empty for the defaults) */
        public String message(String temporalFlags) {
            return "no worker polls task queue " + taskQueue
                    + waiting.map(w -> "; work waiting for it since " + w.toSeconds() + " s").orElse("")
                    + " (start one: ./ibench worker" + temporalFlags + " --roles " + role() + ")";
        }

        private String role() {
            return InstallationQueues.role(taskQueue);
        }
    }

    /** The Temporal server did not answer a task queue check (down, restarting, too busy): a one-line reason, no stack. */
    public static final class CheckFailed extends IllegalStateException {
        CheckFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private UnservedQueues() {}

    /**
     * @param status the campaign's status, or null when it could not be queried (then only the workflows queue is checked)
     * @throws CheckFailed when the server stops answering during the check
     */
    public static List<Unserved> find(WorkflowClient client, String campaignId, CampaignStatus status, Instant now) {
        Optional<InstallationQueues> ofCampaign = queuesOf(client, CampaignWorkflow.workflowId(campaignId));
        if (ofCampaign.isEmpty()) {
            return List.of(); // not on the server (yet): nothing to tell about its queues
        }
        InstallationQueues queues = ofCampaign.get();
        Map<String, TaskQueueType> needed = new LinkedHashMap<>();
        needed.put(queues.workflows(), TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW);
        List<String> runningCells = new ArrayList<>();
        if (status != null) {
            for (CampaignStatus.CellEntry cell : status.cells()) {
                if (cell.state() == CellState.RUNNING) {
                    needed.put(queues.llm(cell.model()), TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY);
                    if (ReactCellMode.MODE.equals(cell.mode())) { // an agent's actions run on the tools queue
                        needed.put(queues.tools(), TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY);
                    }
                    needed.put(queues.scoring(), TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY);
                    runningCells.add(cell.workflowId());
                }
            }
        }
        List<Unserved> unserved = new ArrayList<>();
        Optional<Duration> oldestNotStarted = null;
        for (Map.Entry<String, TaskQueueType> queue : needed.entrySet()) {
            DescribeTaskQueueResponse described = describe(client, queue.getKey(), queue.getValue());
            if (described.getPollersCount() > 0) {
                continue;
            }
            Optional<Duration> waiting = backlogAge(described);
            if (waiting.isEmpty() && queue.getValue() == TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY) {
                if (oldestNotStarted == null) {
                    oldestNotStarted = oldestNotStartedActivity(client, runningCells, now);
                }
                waiting = oldestNotStarted;
            }
            unserved.add(new Unserved(queue.getKey(), waiting));
        }
        return unserved;
    }

    /**
     * The queues of the installation a workflow belongs to, read from the task queue it runs on (a campaign started
     * before installations had ids runs on the shared queues); empty when the server does not know the workflow.
     */
    static Optional<InstallationQueues> queuesOf(WorkflowClient client, String workflowId) {
        try {
            String queue = client.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(DescribeWorkflowExecutionRequest.newBuilder()
                    .setNamespace(client.getOptions().getNamespace())
                    .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                    .build()).getExecutionConfig().getTaskQueue().getName();
            return Optional.of(InstallationQueues.ofWorkflowQueue(queue));
        } catch (RuntimeException unknown) {
            return Optional.empty();
        }
    }

    /**
     * The queue's pollers and (where the server reports them) its backlog statistics.
     *
     * @throws CheckFailed when the server does not answer, naming the server, the queue and gRPC's status
     */
    static DescribeTaskQueueResponse describe(WorkflowClient client, String taskQueue, TaskQueueType type) {
        try {
            return client.getWorkflowServiceStubs().blockingStub().describeTaskQueue(
                    DescribeTaskQueueRequest.newBuilder()
                            .setNamespace(client.getOptions().getNamespace())
                            .setTaskQueue(TaskQueue.newBuilder().setName(taskQueue))
                            .setTaskQueueType(type)
                            .setReportStats(true)
                            .build());
        } catch (StatusRuntimeException e) {
            Status status = e.getStatus();
            String target = client.getWorkflowServiceStubs().getOptions().getTarget(); // null for an in-process channel
            throw new CheckFailed("cannot tell whether a worker polls task queue " + taskQueue + ": the Temporal server"
                    + (target == null ? "" : " at " + target) + " (namespace " + client.getOptions().getNamespace()
                    + ") did not answer (" + status.getCode() + (status.getDescription() == null ? "" : ": " + status.getDescription())
                    + ")", e);
        }
    }

    private static Optional<Duration> backlogAge(DescribeTaskQueueResponse described) {
        if (!described.hasStats() || !described.getStats().hasApproximateBacklogAge()) {
            return Optional.empty();
        }
        com.google.protobuf.Duration age = described.getStats().getApproximateBacklogAge();
        Duration d = Duration.ofSeconds(age.getSeconds(), age.getNanos());
        return d.isZero() ? Optional.empty() : Optional.of(d);
    }

    private static Optional<Duration> oldestNotStartedActivity(WorkflowClient client, List<String> workflowIds, Instant now) {
        Instant oldest = null;
        for (String workflowId : workflowIds) {
            List<PendingActivityInfo> pending;
            try {
                pending = client.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(DescribeWorkflowExecutionRequest.newBuilder()
                        .setNamespace(client.getOptions().getNamespace())
                        .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                        .build()).getPendingActivitiesList();
            } catch (RuntimeException notStartedYet) {
                continue;
            }
            for (PendingActivityInfo activity : pending) {
                if (activity.getState() == PendingActivityState.PENDING_ACTIVITY_STATE_SCHEDULED && activity.hasScheduledTime()) {
                    Instant scheduled = Instant.ofEpochSecond(activity.getScheduledTime().getSeconds(), activity.getScheduledTime().getNanos());
                    if (oldest == null || scheduled.isBefore(oldest)) {
                        oldest = scheduled;
                    }
                }
            }
        }
        return oldest == null ? Optional.empty() : Optional.of(Duration.between(oldest, now));
    }
}
