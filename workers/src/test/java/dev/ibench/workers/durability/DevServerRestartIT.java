package dev.ibench.workers.durability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workers.testing.WorkflowProbe;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dev server is SIGKILLed mid-run and restarted on the same SQLite file; the run still completes. */
class DevServerRestartIT {

    @TempDir Path dir;

    @Test
    void workflowSurvivesSigkillAndRestartOfTheDevServer() throws Exception {
        Path db = dir.resolve("temporal.db");
        try (DevServerProcess server = DevServerProcess.start(db, dir);
             WorkerProcess worker = WorkerProcess.start(server.address(), "workflows", dir.resolve("worker.log"))) {
            String campaignId = "it-server-restart-" + System.nanoTime();
            String workflowId = "durability-" + campaignId;
            DurabilityCheckRequest request = new DurabilityCheckRequest(campaignId, 60, 150);
            DurabilityCheckWorkflow workflow;
            try (TemporalConnection connection = server.connect()) {
                workflow = connection.client().newWorkflowStub(DurabilityCheckWorkflow.class,
                        WorkflowOptions.newBuilder().setWorkflowId(workflowId).setTaskQueue(TaskQueues.WORKFLOWS).build());
                WorkflowClient.start(workflow::run, request);
                WorkflowProbe.awaitHeartbeat(connection, workflowId, 1, Duration.ofSeconds(60));
            }

            server.kill();
            assertThat(server.isAlive()).isFalse();
            assertThat(Files.size(db)).as("state is in the SQLite file").isPositive();
            Thread.sleep(1000);
            server.restart();

            try (TemporalConnection connection = server.connect()) {
                DurabilityCheckResult result = connection.client()
                        .newUntypedWorkflowStub(workflowId)
                        .getResult(180, TimeUnit.SECONDS, DurabilityCheckResult.class);
                assertThat(result.value()).isEqualTo(request.expectedValue()).isEqualTo(73810L);
                System.out.printf("DevServerRestartIT: finished on attempt %d, resumed from step %d/%d%n",
                        result.attempt(), result.resumedFromStep(), request.steps());
                assertThat(worker.isAlive()).as("the same worker reconnected after the restart").isTrue();
                assertThat(connection.client().newUntypedWorkflowStub(workflowId).describe().getStatus().name())
                        .isEqualTo("WORKFLOW_EXECUTION_STATUS_COMPLETED");
            }
            assertThat(WorkflowStub.fromTyped(workflow).getExecution().getWorkflowId()).isEqualTo(workflowId);
        }
    }
}
