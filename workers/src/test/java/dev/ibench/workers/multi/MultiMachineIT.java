package dev.ibench.workers.multi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.artifact.ArtifactHash;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.workers.testing.TemporalOnPostgres;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 2 of issue 14: "machines" that share nothing but two addresses. Temporal runs on PostgreSQL
 * ({@code deploy/local/temporal-postgres.sh}), the results and artifact store is that PostgreSQL's {@code ibench}
 * database, and two {@code ibench worker} processes each start in an EMPTY folder of their own ({@code IBENCH_HOME},
 * working directory, no data root, no store setting but the JDBC URL): one serves workflows and scoring, the other
 * llm and tools. The campaign is started by {@code ibench campaign start} from a third folder, the only one with the
 * eval set and the superhero database; the workers get both by hash. The model is a fake OpenAI endpoint (test tool)
 * that counts requests and answers by a hash of the request, so scores vary by sample and depend only on the prompt.
 * Per-sample scores must equal those of a single-process SQLite run of the same campaign, with and without a SIGKILL of
 * the LLM worker mid-run (restarted in a new empty folder), which may cost at most window x 2 extra model requests.
 */
class MultiMachineIT {
    private static final int SAMPLES = 200;
    private static final int WINDOW = 8;
    private static final String CELL = "/fake/synthetic-slot/direct";

    @TempDir Path dir;

    private Path campaignFile(Path folder, FakeOpenAiEndpoint endpoint) throws Exception {
        Path file = folder.resolve("campaign.yaml");
        Files.writeString(file, """
                name: multi
                models:
                  - {name: fake, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: %d}
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                samples_in_flight: %d
                """.formatted(endpoint.baseUrl(), WINDOW, WINDOW));
        return file;
    }

    private static Map<String, String> scores(ResultsStore store, String campaignId) {
        Map<String, String> bySample = new TreeMap<>();
        for (SampleResultRecord r : store.sampleResults(campaignId + CELL)) {
            bySample.put(r.sampleId() + "/" + r.trial(), r.status() + " " + r.scoreJson());
        }
        return bySample;
    }

    private static CampaignStatus await(TemporalConnection connection, String campaignId) throws Exception {
        return WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)))
                .getResult(15, TimeUnit.MINUTES, CampaignStatus.class);
    }

    private static Path emptyFolder(Path path) throws Exception {
        Files.createDirectories(path);
        try (Stream<Path> files = Files.list(path)) {
            assertThat(files).as(path + " is empty").isEmpty();
        }
        return path;
    }

    @Test
    void twoWorkersInEmptyFoldersScoreLikeOneProcessAndSurviveAnLlmWorkerKill() throws Exception {
        Path launcher = Files.createDirectories(dir.resolve("launcher"));
        SyntheticEvalSet.write(launcher.resolve("synthetic_slot.json"), SAMPLES);

        // the reference: one worker process serving every role, Temporal dev server, SQLite results store
        Map<String, String> reference;
        int referenceRequests;
        try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(20));
             CampaignHarness single = CampaignHarness.start(Files.createDirectories(dir.resolve("single")),
                     "--models-from", campaignFile(launcher, endpoint).toString())) {
            CampaignStatus status = single.run(launcher.resolve("campaign.yaml"), "single", Duration.ofMinutes(15));
            assertThat(status.state()).as(single.workerLog()).isEqualTo(CellState.COMPLETED);
            reference = scores(single.services().store(), "single");
            referenceRequests = endpoint.requestCount();
        }
        assertThat(reference).hasSize(SAMPLES);
        assertThat(reference.values()).allMatch(s -> s.startsWith(SampleResultRecord.SCORED));
        assertThat(reference.values().stream().distinct().count()).as("the fake model's answers score differently").isGreaterThan(1);
        assertThat(referenceRequests).as("one request per sample (prompts differ)").isEqualTo(SAMPLES);

        try (TemporalOnPostgres temporal = TemporalOnPostgres.start(dir.resolve("temporal-postgres"));
             TemporalConnection connection = temporal.connect()) {
            Map<String, String> store = temporal.storeEnvironment();
            Path logs = Files.createDirectories(dir.resolve("logs"));
            WorkerProcess workflowsAndScoring = WorkerProcess.isolated(temporal.address(), "workflows,scoring",
                    emptyFolder(dir.resolve("machine-1")), logs.resolve("machine-1.log"), store);
            WorkerProcess llm = WorkerProcess.isolated(temporal.address(), "llm,tools",
                    emptyFolder(dir.resolve("machine-2")), logs.resolve("machine-2.log"), store);
            try (ResultsDatabase db = ResultsDatabase.open(StoreLocation.parse(store.get("IBENCH_STORE"), "test"),
                    store.get("IBENCH_STORE_PASSWORD"))) {
                ResultsStore results = new ResultsStore(db);

                // 1. uninterrupted
                try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(20))) {
                    startCampaign(launcher, endpoint, temporal, "calm", logs);
                    CampaignStatus status = await(connection, "calm");
                    assertThat(status.state()).as(workflowsAndScoring.output() + llm.output()).isEqualTo(CellState.COMPLETED);
                    assertThat(endpoint.requestCount()).isEqualTo(SAMPLES);
                }
                assertThat(results.cell("calm" + CELL).orElseThrow().evalSet()).as("the cell names its eval set by hash")
                        .matches("sha256:[0-9a-f]{64}");
                assertIdentical(scores(results, "calm"), reference);

                // 2. the LLM worker is SIGKILLed mid-run and a new one starts in a new empty folder
                try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(100))) {
                    startCampaign(launcher, endpoint, temporal, "killed", logs);
                    long deadline = System.currentTimeMillis() + 600_000;
                    while (endpoint.requestCount() < SAMPLES / 3 && System.currentTimeMillis() < deadline) {
                        Thread.sleep(50);
                    }
                    assertThat(endpoint.requestCount()).as("requests before the kill").isBetween(SAMPLES / 3, SAMPLES - 1);
                    int killedAfter = endpoint.requestCount();
                    llm.kill();
                    llm = WorkerProcess.isolated(temporal.address(), "llm,tools", emptyFolder(dir.resolve("machine-3")),
                            logs.resolve("machine-3.log"), store);
                    CampaignStatus status = await(connection, "killed");
                    assertThat(status.state()).as(workflowsAndScoring.output() + llm.output()).isEqualTo(CellState.COMPLETED);
                    System.out.printf("MultiMachineIT: killed the LLM worker after %d requests; %d requests in all (%d samples, window %d)%n",
                            killedAfter, endpoint.requestCount(), SAMPLES, WINDOW);
                    assertThat(endpoint.requestCount()).as("model requests with one LLM worker killed")
                            .isBetween(SAMPLES, SAMPLES + WINDOW * 2);
                }
                assertIdentical(scores(results, "killed"), reference);
            } finally {
                llm.close();
                workflowsAndScoring.close();
            }
            Path database = IbenchHome.resolve().root().resolve("data/bird/dev_databases/superhero/superhero.sqlite");
            for (String machine : List.of("machine-1", "machine-2", "machine-3")) {
                Path cache = dir.resolve(machine).resolve(".ibench/artifacts/sha256");
                assertThat(cache.resolve(ArtifactHash.of(database).hex())).as(machine + " fetched the database by hash")
                        .hasSameBinaryContentAs(database);
                assertThat(cache.resolve(ArtifactHash.of(launcher.resolve("synthetic_slot.json")).hex()))
                        .as(machine + " fetched the eval set by hash").exists();
                assertThat(dir.resolve(machine).resolve("data")).as(machine + " has no data folder").doesNotExist();
            }
        }
    }

    private static void startCampaign(Path launcher, FakeOpenAiEndpoint endpoint, TemporalOnPostgres temporal, String id, Path logs)
            throws Exception {
        Path file = launcher.resolve("campaign.yaml");
        Files.writeString(file, Files.readString(file).replaceAll("endpoint: \"[^\"]*\"", "endpoint: \"" + endpoint.baseUrl() + "\""));
        Map<String, String> env = new HashMap<>(temporal.storeEnvironment());
        env.put("IBENCH_HOME", launcher.toString());
        env.put("IBENCH_DATA_ROOT", IbenchHome.resolve().root().resolve("data").toString());
        try (CliProcess start = CliProcess.isolated(List.of("campaign", "start", file.toString(), "--id", id, "--address", temporal.address()),
                "", logs.resolve("start-" + id + ".log"), env, launcher)) {
            assertThat(start.waitForExit(Duration.ofMinutes(3))).as(start.output()).isZero();
        }
    }

    private static void assertIdentical(Map<String, String> actual, Map<String, String> reference) {
        assertThat(actual.keySet()).isEqualTo(reference.keySet());
        assertThat(actual.entrySet()).as("per-sample scores that differ from the single-process SQLite run")
                .filteredOn(e -> !e.getValue().equals(reference.get(e.getKey())))
                .extracting(e -> e.getKey() + "\n  here:      " + e.getValue() + "\n  reference: " + reference.get(e.getKey()))
                .isEmpty();
    }
}
