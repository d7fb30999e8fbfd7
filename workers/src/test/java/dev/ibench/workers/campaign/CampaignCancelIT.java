package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.SilentHttpServer;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.client.WorkflowFailedException;
import io.temporal.client.WorkflowStub;
import io.temporal.failure.CanceledFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, "cancelled model calls keep calling", end to end on the real dev server with a worker in its own JVM:
 * {@code ibench campaign cancel} while the model's answers are in flight (the endpoint, a test double, reads the
 * requests and never answers; the profile waits 120 s) must close those connections within a few heartbeats, send no
 * retry, and end the campaign as cancelled.
 */
class CampaignCancelIT {
    @TempDir Path dir;

    @Test
    void campaignCancelAbortsTheInFlightModelRequests() throws Exception {
        try (SilentHttpServer endpoint = new SilentHttpServer()) {
            Path file = dir.resolve("cancel.yaml");
            Files.writeString(file, """
                    name: cancelled
                    models:
                      - {name: silent, profile: vllm-qwen2.5-7b, endpoint: "%s/v1"}
                    benchmarks: [{name: slot, eval_set: %s}]
                    samples: {limit: 4, seed: 3}
                    samples_in_flight: 2
                    """.formatted(endpoint.uri(), SuperheroEvalSets.slot()));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
                String id = harness.startOnly(file, "cancelled");
                assertThat(endpoint.awaitRequests(1, Duration.ofMinutes(2))).as("a model request in flight; " + harness.workerLog()).isTrue();
                Thread.sleep(1_000);
                int inFlight = endpoint.requests();

                long start = System.nanoTime();
                try (CliProcess cancel = CliProcess.start(List.of("campaign", "cancel", id, "--address", harness.address()), "",
                        dir.resolve("cancel.log"), Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString()))) {
                    assertThat(cancel.waitForExit(Duration.ofMinutes(1))).as(cancel.output()).isZero();
                    assertThat(cancel.output()).contains("cancel requested for campaign " + id);
                }
                assertThat(endpoint.awaitAllClosed(Duration.ofSeconds(60)))
                        .as("every in-flight request aborted (%d open of %d), not waited out (120 s timeout); %s",
                                endpoint.openConnections(), endpoint.closedConnections() + endpoint.openConnections(), harness.workerLog())
                        .isTrue();
                long seconds = (System.nanoTime() - start) / 1_000_000_000L;
                assertThat(seconds).as("seconds from cancel to the last connection closed").isLessThan(60);

                WorkflowStub campaign = harness.connection().client().newUntypedWorkflowStub(CampaignWorkflow.workflowId(id));
                assertThatThrownBy(() -> campaign.getResult(1, TimeUnit.MINUTES, Object.class))
                        .isInstanceOf(WorkflowFailedException.class).hasCauseInstanceOf(CanceledFailure.class);
                Thread.sleep(3_000);
                assertThat(endpoint.requests()).as("no request after the cancel (no retry, no new item)").isEqualTo(inFlight);
                System.out.printf("CampaignCancelIT: %d requests in flight aborted %d s after campaign cancel%n", inFlight, seconds);
            }
        }
    }
}
