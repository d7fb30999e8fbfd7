package dev.ibench.workers.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.durability.DurabilityCheckRequest;
import dev.ibench.activities.durability.DurabilityCheckResult;
import dev.ibench.testing.FreePorts;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.durability.DurabilityCheckWorkflow;
import io.temporal.client.WorkflowOptions;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ibench worker --metrics-port N} serves Temporal SDK metrics in Prometheus format. */
class WorkerMetricsIT {

    @TempDir Path dir;

    @Test
    void workerServesTemporalMetricsOnItsPrometheusEndpoint() throws Exception {
        int metricsPort = FreePorts.next();
        try (DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             WorkerProcess worker = WorkerProcess.start(server.address(), "workflows,llm,tools,scoring",
                     dir.resolve("worker.log"), "--metrics-port", Integer.toString(metricsPort));
             TemporalConnection connection = server.connect()) {
            assertThat(worker.output()).contains("metrics=http://127.0.0.1:" + metricsPort + "/metrics");

            DurabilityCheckResult result = connection.client().newWorkflowStub(DurabilityCheckWorkflow.class,
                    WorkflowOptions.newBuilder().setWorkflowId("metrics-check").setTaskQueue(TaskQueues.WORKFLOWS).build())
                    .run(new DurabilityCheckRequest("metrics", 3, 10));
            assertThat(result.value()).isEqualTo(14L);

            String body = "";
            for (int i = 0; i < 50 && !body.contains("temporal_workflow_completed"); i++) {
                Thread.sleep(200); // the reporter publishes every second
                HttpResponse<String> response = HttpClient.newHttpClient().send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPort + "/metrics"))
                                .timeout(Duration.ofSeconds(5)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/plain"));
                body = response.body();
            }
            assertThat(body)
                    .contains("temporal_workflow_completed")
                    .contains("workflow_type=\"DurabilityCheckWorkflow\"")
                    .contains("task_queue=\"" + TaskQueues.WORKFLOWS + "\"");
        }
    }
}
