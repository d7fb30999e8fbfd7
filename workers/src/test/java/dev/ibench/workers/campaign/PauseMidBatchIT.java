package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ibench campaign pause} reaches the model-call batches that are running, on the real dev server with a worker
 * in its own JVM (its {@code CellBatchGate} asks the cell workflow with a real query) and a fake OpenAI-compatible
 * endpoint (test double) answering each request after 300 ms. Window 2: after two one-item batches, each batch holds
 * up to 20 rounds of one call (6 s), so batches run to their end would send every one of the 40 items before the
 * pause took effect. They must stop within about a second plus one call, and after resume every item is sent once.
 */
class PauseMidBatchIT {
    static final int SAMPLES = 40;
    @TempDir Path dir;

    @Test
    void aPauseStopsTheRunningBatchesAndResumeSendsEveryItemOnce() throws Exception {
        try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(300))) {
            Path file = dir.resolve("pause.yaml");
            Files.writeString(file, """
                    name: paused
                    models:
                      - {name: fake, profile: vllm-qwen2.5-7b, endpoint: "%s"}
                    benchmarks: [{name: slot, eval_set: %s}]
                    samples: {limit: %d, seed: 3}
                    samples_in_flight: 2
                    """.formatted(endpoint.baseUrl(), SuperheroEvalSets.slot(), SAMPLES));
            try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", file.toString())) {
                String id = harness.startOnly(file, "paused");
                long deadline = System.currentTimeMillis() + Duration.ofMinutes(3).toMillis();
                while (endpoint.requestCount() < 6) {
                    assertThat(System.currentTimeMillis()).as("the long batches are sending; " + harness.workerLog()).isLessThan(deadline);
                    Thread.sleep(50);
                }
                int atPause = cli(List.of("campaign", "pause", id, "--address", harness.address()), "pause.log");
                assertThat(atPause).isZero();
                int sentAtPause = endpoint.requestCount();
                Thread.sleep(2_500); // about a second for the batches to ask, plus the 300 ms call in flight, with margin
                int sentWhilePaused = endpoint.requestCount();
                Thread.sleep(2_000);
                assertThat(endpoint.requestCount()).as("nothing sent once the batches yielded").isEqualTo(sentWhilePaused);
                assertThat(sentWhilePaused).as("requests after the pause: %d at the pause", sentAtPause)
                        .isLessThan(SAMPLES - 10);
                CampaignWorkflow campaign = harness.connection().client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(id));
                CampaignStatus paused = campaign.status();
                assertThat(paused.state()).isEqualTo(CellState.PAUSED);
                String cellId = paused.cells().get(0).cellId();
                assertThat(harness.services().store().sampleResults(cellId)).as("every answered item is scored while paused")
                        .hasSize(sentWhilePaused);

                assertThat(cli(List.of("campaign", "resume", id, "--address", harness.address()), "resume.log")).isZero();
                CampaignStatus end = WorkflowStub.fromTyped(campaign).getResult(3, TimeUnit.MINUTES, CampaignStatus.class);
                assertThat(end.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(endpoint.requestCount()).as("one request per item: nothing lost, nothing sent twice").isEqualTo(SAMPLES);
                assertThat(harness.services().store().sampleResults(cellId)).hasSize(SAMPLES)
                        .allMatch(r -> r.status().equals(SampleResultRecord.SCORED));
                System.out.printf("PauseMidBatchIT: %d requests at the pause, %d once the batches yielded, %d in all%n",
                        sentAtPause, sentWhilePaused, endpoint.requestCount());
            }
        }
    }

    private int cli(List<String> args, String log) throws Exception {
        try (CliProcess process = CliProcess.start(args, "", dir.resolve(log),
                Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString()))) {
            int exit = process.waitForExit(Duration.ofMinutes(1));
            assertThat(exit).as(process.output()).isZero();
            return exit;
        }
    }
}
