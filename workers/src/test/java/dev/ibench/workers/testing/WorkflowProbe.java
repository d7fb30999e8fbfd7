package dev.ibench.workers.testing;

import dev.ibench.workers.temporal.TemporalConnection;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.workflow.v1.PendingActivityInfo;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads a running workflow's pending activities, to act "mid-activity" in crash tests. */
public final class WorkflowProbe {
    private WorkflowProbe() {}

    public static List<PendingActivityInfo> pendingActivities(TemporalConnection connection, String workflowId) {
        return connection.stubs().blockingStub()
                .describeWorkflowExecution(DescribeWorkflowExecutionRequest.newBuilder()
                        .setNamespace(connection.namespace())
                        .setExecution(WorkflowExecution.newBuilder().setWorkflowId(workflowId))
                        .build())
                .getPendingActivitiesList();
    }

    /**
     * Waits until the workflow's activity has heartbeated at least {@code heartbeats} times on attempt
     * {@code attempt} (heartbeat details are the DurabilityCheckpoint, whose step equals the count).
     */
    public static PendingActivityInfo awaitHeartbeat(
            TemporalConnection connection, String workflowId, int attempt, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<PendingActivityInfo> active = Optional.empty();
            try {
                active = pendingActivities(connection, workflowId).stream()
                        .filter(info -> info.getAttempt() == attempt && info.hasLastHeartbeatTime())
                        .findFirst();
            } catch (StatusRuntimeException e) {
                // The workflow may not be visible yet; poll again.
            }
            if (active.isPresent()) {
                return active.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("activity of " + workflowId + " did not heartbeat on attempt " + attempt
                + " within " + timeout.toSeconds() + " s");
    }
}
