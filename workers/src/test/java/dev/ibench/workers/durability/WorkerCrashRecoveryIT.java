package dev.ibench.workers.durability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.TemporalCli;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workers.testing.WorkflowProbe;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflow;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A worker JVM is SIGKILLed mid-activity; a new worker finishes the same run with the right result. */
class WorkerCrashRecoveryIT {

    @TempDir Path dir;

    @Test
    void workflowSurvivesSigkillOfTheWorkerMidActivity() throws Exception {
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             TemporalConnection connection = server.connect()) {
            WorkerProcess first = WorkerProcess.start(server.address(), "workflows", dir.resolve("worker-1.log"));

            String campaignId = "it-worker-crash-" + System.nanoTime();
            String workflowId = "durability-" + campaignId;
            DurabilityCheckRequest request = new DurabilityCheckRequest(campaignId, 60, 150);
            DurabilityCheckWorkflow workflow = connection.client().newWorkflowStub(DurabilityCheckWorkflow.class,
                    WorkflowOptions.newBuilder().setWorkflowId(workflowId).setTaskQueue(TaskQueues.WORKFLOWS).build());
            WorkflowClient.start(workflow::run, request);

            WorkflowProbe.awaitHeartbeat(connection, workflowId, 1, Duration.ofSeconds(60));
            Thread.sleep(600); // a few more steps, well before the 9 s the activity needs
            first.kill();
            assertThat(first.isAlive()).isFalse();

            try (WorkerProcess second = WorkerProcess.start(server.address(), "workflows", dir.resolve("worker-2.log"))) {
                long started = System.nanoTime();
                DurabilityCheckResult result = WorkflowStub.fromTyped(workflow)
                        .getResult(120, TimeUnit.SECONDS, DurabilityCheckResult.class);
                long recoverySeconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
                System.out.printf("WorkerCrashRecoveryIT: finished on attempt %d, resumed from step %d/%d, "
                        + "%d s after the new worker was ready%n",
                        result.attempt(), result.resumedFromStep(), request.steps(), recoverySeconds);

                assertThat(result.value()).isEqualTo(request.expectedValue()).isEqualTo(73810L);
                assertThat(result.attempt()).as("the activity was retried after the kill").isGreaterThanOrEqualTo(2);
                assertThat(result.resumedFromStep()).as("the retry resumed from the last heartbeat").isPositive();
                assertThat(recoverySeconds).as("recovery takes seconds, not minutes").isLessThan(60);
                assertThat(second.output()).contains("attempt " + result.attempt() + " starting at step " + result.resumedFromStep());
            }

            assertTheRunIsVisible(server, campaignId, workflowId);
        }
    }

    /** The Web UI answers and the real CLI lists the run by its IbenchCampaignId search attribute. */
    private static void assertTheRunIsVisible(DevServerProcess server, String campaignId, String workflowId) throws Exception {
        HttpResponse<String> ui = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(server.uiUrl() + "/")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(ui.statusCode()).isEqualTo(200);
        assertThat(ui.body()).containsIgnoringCase("<html");

        String query = "IbenchCampaignId = '" + campaignId + "'";
        String listed = "";
        for (int i = 0; i < 50 && !listed.contains(workflowId); i++) {
            listed = TemporalCli.listWorkflows(server.cli(), server.address(), query);
            if (!listed.contains(workflowId)) {
                Thread.sleep(200);
            }
        }
        assertThat(listed).contains(workflowId).contains("WORKFLOW_EXECUTION_STATUS_COMPLETED");
        assertThat(TemporalCli.listWorkflows(server.cli(), server.address(), "IbenchCampaignId = 'no-such-campaign'"))
                .doesNotContain(workflowId);
    }
}
