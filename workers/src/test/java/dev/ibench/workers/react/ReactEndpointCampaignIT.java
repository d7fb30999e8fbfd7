package dev.ibench.workers.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A react campaign whose model exists only as a campaign file entry ({@code profile: openai-compatible} plus
 * {@code endpoint:}), against a scripted OpenAI-compatible endpoint (test double), on the real dev server: the
 * ReACT steps reach the entry's endpoint and obey its {@code rate_per_second}, as direct cells do.
 */
class ReactEndpointCampaignIT {
    private static final int SAMPLES = 5;
    private static final double RATE = 2.0;

    @TempDir Path dir;
    private WorkerProcess worker;

    @AfterEach
    void stop() throws Exception {
        if (worker != null) {
            worker.close();
        }
        System.clearProperty("ibench.results.db");
    }

    @Test
    void reactStepsUseTheEntrysEndpointAndRateLimit() throws Exception {
        Path evalSet = SuperheroEvalSets.slot();
        List<EvalSample> all = new ArrayList<>(new EvalSetCache().samples(evalSet.toString()).values());
        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        try (ScriptedOpenAiEndpoint endpoint = new ScriptedOpenAiEndpoint(all, 0);
             DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             TemporalConnection connection = server.connect()) {
            Path campaignFile = dir.resolve("campaign.yaml");
            Files.writeString(campaignFile, """
                    name: react-endpoint
                    models:
                      - {name: remote, profile: openai-compatible, endpoint: "%s", model: fake, concurrency: 4, rate_per_second: %s}
                    benchmarks:
                      - {name: superhero-slot, eval_set: %s}
                    modes: [react]
                    samples: {limit: %d, seed: 5}
                    """.formatted(endpoint.baseUrl(), RATE, evalSet, SAMPLES));
            worker = WorkerProcess.start(server.address(), "workflows,llm,tools,scoring", dir.resolve("worker.log"),
                    Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", SuperheroEvalSets.dataRoot().toString()),
                    "--models-from", campaignFile.toString());
            CampaignServices services = CampaignServices.of(IbenchHome.resolve());
            String id = new CampaignStarter(services, connection.client()).start(campaignFile, "react-endpoint");
            CampaignStatus status = WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class,
                    CampaignWorkflow.workflowId(id))).getResult(5, TimeUnit.MINUTES, CampaignStatus.class);
            assertThat(status.state()).as(Files.readString(dir.resolve("worker.log"))).isEqualTo(CellState.COMPLETED);

            List<SampleResultRecord> scored = services.store().sampleResults(id + "/remote/superhero-slot/react");
            assertThat(scored).hasSize(SAMPLES).allSatisfy(r -> {
                assertThat(r.status()).isEqualTo(SampleResultRecord.SCORED);
                assertThat(r.completed()).as("the scripted agent answers the gold sequence").isTrue();
            });
            List<Long> arrivals = endpoint.arrivals();
            assertThat(arrivals.size()).as("every step reached the campaign entry's endpoint").isGreaterThanOrEqualTo(SAMPLES * 2);
            double seconds = (arrivals.get(arrivals.size() - 1) - arrivals.get(0)) / 1e9;
            double rate = (arrivals.size() - 1) / seconds;
            System.out.printf("ReactEndpointCampaignIT: %d requests in %.1f s = %.2f/s (limit %.1f/s)%n", arrivals.size(), seconds, rate, RATE);
            assertThat(rate).as("requests per second under rate_per_second %.1f", RATE).isLessThanOrEqualTo(RATE * 1.25);
        }
    }
}
