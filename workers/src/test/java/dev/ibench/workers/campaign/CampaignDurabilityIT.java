package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Campaigns on the REAL dev server with a worker in its own JVM and a fake OpenAI endpoint (test double):
 * worker crashes, a server crash and an endpoint outage must neither lose nor re-pay work, and never
 * score an infrastructure failure as a model failure.
 */
class CampaignDurabilityIT {
    private static final int SAMPLES = 200;
    private static final int WINDOW = 8;

    @TempDir Path dir;
    private DevServerProcess server;
    private FakeOpenAiEndpoint endpoint;
    private WorkerProcess worker;
    private Path campaignFile;
    private Map<String, String> environment;

    @BeforeEach
    void start() throws Exception {
        server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(100));
        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        environment = Map.of("IBENCH_RESULTS_DB", results.toString());
        SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), SAMPLES);
        campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: durability
                models:
                  - {name: fake, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: %d}
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                samples_in_flight: %d
                """.formatted(endpoint.baseUrl(), WINDOW, WINDOW));
        worker = startWorker();
    }

    @AfterEach
    void stop() throws Exception {
        if (worker != null) {
            worker.close();
        }
        endpoint.close();
        server.close();
        System.clearProperty("ibench.results.db");
    }

    private WorkerProcess startWorker() {
        return WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker.log"), environment,
                "--models-from", campaignFile.toString());
    }

    private String startCampaign(TemporalConnection connection, String id) {
        return new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), connection.client()).start(campaignFile, id);
    }

    private static CampaignStatus await(TemporalConnection connection, String campaignId, Duration timeout) throws Exception {
        return WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)))
                .getResult(timeout.toSeconds(), TimeUnit.SECONDS, CampaignStatus.class);
    }

    private static Map<String, String> scores(String campaignId) {
        Map<String, String> byId = new LinkedHashMap<>();
        for (SampleResultRecord r : CampaignServices.of(IbenchHome.resolve()).store().sampleResults(campaignId + "/fake/synthetic-slot/direct")) {
            byId.put(r.sampleId() + "/" + r.trial(), r.status() + " " + r.scoreJson());
        }
        return byId;
    }

    @Test
    void aCellSurvivesTwoWorkerKillsWithIdenticalScoresAndNoRepaidCalls() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        try (TemporalConnection connection = server.connect()) {
            String crashed = startCampaign(connection, "crashed");
            for (int kill = 0; kill < 2; kill++) {
                Thread.sleep(1500 + random.nextInt(2500));
                worker.kill();
                worker = startWorker();
            }
            CampaignStatus status = await(connection, crashed, Duration.ofMinutes(5));
            assertThat(status.state()).as("kill seed %d", seed).isEqualTo(CellState.COMPLETED);
            int paidRequests = endpoint.requestCount();
            assertThat(paidRequests).as("requests to the endpoint (kill seed %d)", seed).isBetween(SAMPLES, SAMPLES + WINDOW * 2);

            String calm = startCampaign(connection, "calm");
            assertThat(await(connection, calm, Duration.ofMinutes(5)).state()).isEqualTo(CellState.COMPLETED);
            Map<String, String> crashedScores = scores(crashed);
            assertThat(crashedScores).hasSize(SAMPLES);
            assertThat(crashedScores.values()).allMatch(s -> s.startsWith(SampleResultRecord.SCORED));
            assertThat(crashedScores.values()).as("predictions were executed against the superhero database")
                    .noneMatch(s -> s.contains("\"completed\":null"));
            Map<String, String> calmScores = scores(calm);
            assertThat(calmScores.keySet()).isEqualTo(crashedScores.keySet());
            assertThat(crashedScores.entrySet()).as("per-sample scores that differ from the uninterrupted run")
                    .filteredOn(e -> !e.getValue().equals(calmScores.get(e.getKey())))
                    .extracting(e -> e.getKey() + "\n  crashed: " + e.getValue() + "\n  calm:    " + calmScores.get(e.getKey()))
                    .isEmpty();
            assertThat(endpoint.requestCount()).as("the second run is served by the response cache").isEqualTo(paidRequests);
        }
    }

    @Test
    void aServerCrashMidRunLosesNothing() throws Exception {
        try (TemporalConnection connection = server.connect()) {
            String id = startCampaign(connection, "server-crash");
            Thread.sleep(3000);
            server.kill();
            Thread.sleep(2000);
            server.restart();
            CampaignStatus status = await(connection, id, Duration.ofMinutes(5));
            assertThat(status.state()).isEqualTo(CellState.COMPLETED);
            assertThat(scores(id)).hasSize(SAMPLES).allSatisfy((k, v) -> assertThat(v).startsWith(SampleResultRecord.SCORED));
            assertThat(endpoint.requestCount()).isBetween(SAMPLES, SAMPLES + WINDOW * 2);
        }
    }

    @Test
    void anOutageIsWaitedOutAndNeverScoredAsAModelFailure() throws Exception {
        try (TemporalConnection connection = server.connect()) {
            String id = startCampaign(connection, "outage");
            Thread.sleep(2000);
            endpoint.setMode(FakeOpenAiEndpoint.Mode.UNAVAILABLE);
            Thread.sleep(30_000);
            endpoint.setMode(FakeOpenAiEndpoint.Mode.ANSWER);
            CampaignStatus status = await(connection, id, Duration.ofMinutes(8));
            assertThat(status.state()).isEqualTo(CellState.COMPLETED);
            Map<String, String> scores = scores(id);
            assertThat(scores).hasSize(SAMPLES);
            assertThat(scores.values()).as("no item is an infra error or scored from a 503")
                    .allMatch(s -> s.startsWith(SampleResultRecord.SCORED));
        }
    }

    @Test
    void aRejectedKeyStopsTheCellQuicklyWithAClearError() throws Exception {
        endpoint.setMode(FakeOpenAiEndpoint.Mode.UNAUTHORIZED);
        try (TemporalConnection connection = server.connect()) {
            long started = System.nanoTime();
            String id = startCampaign(connection, "unauthorized");
            CampaignStatus status = await(connection, id, Duration.ofMinutes(2));
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(60));
            // a stopped cell returns with its reason and the campaign completes naming it (marker cell-stop-returns)
            assertThat(status.state()).isEqualTo(CellState.COMPLETED);
            assertThat(status.cells()).singleElement().satisfies(cell -> {
                assertThat(cell.state()).isEqualTo(CellState.STOPPED);
                assertThat(cell.failure()).contains("401");
            });
            assertThat(endpoint.requestCount()).as("no retry storm against a rejecting endpoint").isLessThanOrEqualTo(WINDOW * 2);
            assertThat(scores(id).values()).noneMatch(s -> s.startsWith(SampleResultRecord.SCORED));
        }
    }
}
