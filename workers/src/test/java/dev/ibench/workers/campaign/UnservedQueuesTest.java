package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.api.enums.v1.TaskQueueType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A task queue check the Temporal server does not answer fails with one line naming the server and the queue. */
class UnservedQueuesTest {
    @Test
    void anUnreachableServerIsNamedWithTheQueueAndTheStatus() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        WorkflowServiceStubs stubs = WorkflowServiceStubs.newServiceStubs(
                WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + closedPort).build());
        try {
            WorkflowClient client = WorkflowClient.newInstance(stubs);
            assertThatThrownBy(() -> UnservedQueues.describe(client, "ibench-scoring", TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY))
                    .isInstanceOf(UnservedQueues.CheckFailed.class)
                    .hasMessage("cannot tell whether a worker polls task queue ibench-scoring: the Temporal server at 127.0.0.1:"
                            + closedPort + " (namespace default) did not answer (UNAVAILABLE: io exception)");
        } finally {
            stubs.shutdownNow();
        }
    }

    /** Temporal's in-process test server knows workflows but not DescribeTaskQueue: the campaign is found, its queues not. */
    @Test
    void aServerThatStopsAnsweringDuringTheCheckGivesTheSameLine() {
        try (TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            WorkflowClient client = env.getWorkflowClient();
            client.newUntypedWorkflowStub("CampaignWorkflow", WorkflowOptions.newBuilder()
                    .setWorkflowId(CampaignWorkflow.workflowId("c1")).setTaskQueue(TaskQueues.WORKFLOWS).build()).start("c1");
            assertThatThrownBy(() -> UnservedQueues.find(client, "c1", null, Instant.now()))
                    .isInstanceOf(UnservedQueues.CheckFailed.class)
                    .hasMessage("cannot tell whether a worker polls task queue " + TaskQueues.WORKFLOWS + ": the Temporal server "
                            + "(namespace default) did not answer (UNIMPLEMENTED: Method "
                            + "temporal.api.workflowservice.v1.WorkflowService/DescribeTaskQueue is unimplemented)");
        }
    }
}
