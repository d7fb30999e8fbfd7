package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.testing.batch.StandInAnswers;
import dev.ibench.testing.batch.StandInBatchApi;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, must show 1: a {@code batch: true} cell of 1,000 items against the stand-in Batch API (a test tool written
 * from OpenAI's reference) on the REAL dev server, its worker SIGKILLed while uploading, again while waiting and again
 * while downloading. Every item is scored once, identically to the same cell run without batch (a second model entry on
 * the same endpoint under another served name, so it shares no response cache entry), exactly one batch line is paid per
 * item, and the ledger holds one row per item at the batch price: by hand, 100 / 1e6 x 0.5 + 20 / 1e6 x 2.0 = 0.00009 USD.
 */
class BatchApiDurabilityIT {
    private static final int SAMPLES = 1000;
    private static final int LINES_PER_FILE = 400;

    @TempDir Path dir;
    private DevServerProcess server;
    private StandInBatchApi api;
    private WorkerProcess worker;
    private Path campaignFile;
    private Map<String, String> environment;

    @BeforeEach
    void start() throws Exception {
        server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        api = StandInBatchApi.start(StandInAnswers::answer, LINES_PER_FILE, 50_000_000);
        api.setTransferDelay(Duration.ofSeconds(4)); // every upload and download takes 4 s: room to kill the worker inside one
        api.setProcessingTime(Duration.ofSeconds(20));
        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        environment = Map.of("IBENCH_RESULTS_DB", results.toString());
        SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), SAMPLES);
        campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: batch-durability
                models:
                  - {name: batched, profile: vllm-qwen2.5-7b, endpoint: "%1$s", concurrency: 4,
                     price_per_million_input: 1.0, price_per_million_output: 4.0, batch: true,
                     batch_settings: {lines_per_file: %2$d, poll_seconds: 2, price_per_million_input: 0.5, price_per_million_output: 2.0}}
                  - {name: plain, profile: vllm-qwen2.5-7b, endpoint: "%1$s", model: plain-served, concurrency: 8,
                     price_per_million_input: 1.0, price_per_million_output: 4.0}
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                samples_in_flight: 8
                cells_in_flight: 2
                """.formatted(api.baseUrl(), LINES_PER_FILE));
        worker = startWorker(1);
    }

    @AfterEach
    void stop() throws Exception {
        if (worker != null) {
            worker.close();
        }
        api.close();
        server.close();
        System.clearProperty("ibench.results.db");
    }

    private WorkerProcess startWorker(int n) {
        return WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker-" + n + ".log"), environment,
                "--models-from", campaignFile.toString());
    }

    private static void awaitCount(IntSupplier count, int atLeast, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (count.getAsInt() < atLeast) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(100);
        }
    }

    private static Map<String, String> scores(String cellId) {
        Map<String, String> byId = new LinkedHashMap<>();
        for (SampleResultRecord r : CampaignServices.of(IbenchHome.resolve()).store().sampleResults(cellId)) {
            byId.put(r.sampleId() + "/" + r.trial(), r.status() + " " + r.scoreJson());
        }
        return byId;
    }

    @Test
    void aBatchedCellSurvivesKillsWhileUploadingWaitingAndDownloadingWithEveryItemPaidOnce() throws Exception {
        try (TemporalConnection connection = server.connect()) {
            String id = new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), connection.client()).start(campaignFile, "batch-kills");

            awaitCount(api::uploads, 1, "the first upload");
            Thread.sleep(1000); // inside the upload's 4 s
            worker.kill();
            worker = startWorker(2);

            awaitCount(api::batchesCreated, SAMPLES / LINES_PER_FILE + 1, "all three batches");
            Thread.sleep(3000); // the cell waits on its timer between looks
            worker.kill();
            worker = startWorker(3);

            awaitCount(api::contentReads, 1, "the first download");
            Thread.sleep(1000); // inside the download's 4 s
            worker.kill();
            worker = startWorker(4);

            CampaignStatus status = WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class,
                    CampaignWorkflow.workflowId(id))).getResult(10, TimeUnit.MINUTES, CampaignStatus.class);
            assertThat(status.state()).isEqualTo(CellState.COMPLETED);
            assertThat(status.cells()).allSatisfy(cell -> assertThat(cell.state()).isEqualTo(CellState.COMPLETED));

            String batchedCell = id + "/batched/synthetic-slot/direct";
            Map<String, String> batched = scores(batchedCell);
            Map<String, String> plain = scores(id + "/plain/synthetic-slot/direct");
            assertThat(batched).hasSize(SAMPLES);
            assertThat(batched.values()).allMatch(s -> s.startsWith(SampleResultRecord.SCORED));
            assertThat(batched.entrySet()).as("per-sample scores that differ from the run without batch")
                    .filteredOn(e -> !e.getValue().equals(plain.get(e.getKey())))
                    .extracting(e -> e.getKey() + "\n  batched: " + e.getValue() + "\n  plain:   " + plain.get(e.getKey()))
                    .isEmpty();

            assertThat(api.batchesCreated()).as("no part was submitted twice").isEqualTo(SAMPLES / LINES_PER_FILE + 1);
            assertThat(api.uploads()).as("the upload cut by the kill was made again").isGreaterThan(SAMPLES / LINES_PER_FILE + 1);
            assertThat(api.linesPerCustomId()).hasSize(SAMPLES)
                    .allSatisfy((customId, lines) -> assertThat(lines).as("batch lines of " + customId).isEqualTo(1));
            assertThat(api.directCalls() - api.directCalls("plain-served")).as("normal calls of the batched model").isZero();
            // the cell without batch was killed too: at most a window's calls in flight are paid again per kill
            assertThat(api.directCalls("plain-served")).isBetween(SAMPLES, SAMPLES + 3 * 8);

            List<SpendEntry> ledger = new SpendStore(CampaignServices.of(IbenchHome.resolve()).store().database()).entries(batchedCell);
            assertThat(ledger).hasSize(SAMPLES);
            assertThat(ledger.stream().map(e -> e.sampleId() + "/" + e.trial()).collect(Collectors.toSet())).hasSize(SAMPLES);
            assertThat(ledger).allSatisfy(e -> {
                assertThat(e.outcome()).isEqualTo(SpendEntry.OK);
                assertThat(e.costUsd()).isCloseTo(0.00009, within(1e-12));
            });
            System.out.printf("BatchApiDurabilityIT: %d uploads, %d batches, %d looks, %d downloads, %d direct calls%n",
                    api.uploads(), api.batchesCreated(), api.retrieves(), api.contentReads(), api.directCalls());
        }
    }
}
