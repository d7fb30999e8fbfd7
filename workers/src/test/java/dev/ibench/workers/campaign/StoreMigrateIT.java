package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.StoreLocation;
import dev.ibench.activities.store.testing.LocalPostgres;
import dev.ibench.activities.store.testing.LocalPostgresExtension;
import dev.ibench.workers.IbenchHome;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.CliProcess;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, acceptance 3: a campaign started on the SQLite default, its worker killed mid-run, the store moved with
 * {@code ibench store migrate} into a real PostgreSQL, and a new worker on {@code IBENCH_STORE}: the campaign
 * completes there, and no item finished before the move is sent to the model (fake endpoint, test double) again.
 */
@ExtendWith(LocalPostgresExtension.class)
class StoreMigrateIT {
    private static final int SAMPLES = 200;
    private static final int WINDOW = 4;

    @TempDir Path dir;
    private DevServerProcess server;
    private FakeOpenAiEndpoint endpoint;
    private WorkerProcess worker;

    @AfterEach
    void stop() throws Exception {
        if (worker != null) {
            worker.close();
        }
        if (endpoint != null) {
            endpoint.close();
        }
        if (server != null) {
            server.close();
        }
        System.clearProperty("ibench.results.db");
    }

    @Test
    void aCampaignMovedFromSqliteToPostgresMidRunCompletesWithNothingRecomputed(LocalPostgres pg) throws Exception {
        server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
        // a direct cell scores what is stored every 10 s (WindowedCellMode.SWEEP_INTERVAL): at 600 ms per call and 4 in
        // flight its first sweep finds about 67 outputs, so the kill below comes mid-way (at 200 ms it found 152 of 200)
        endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(600));
        Path sqlite = dir.resolve("results.db");
        System.setProperty("ibench.results.db", sqlite.toString());
        SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), SAMPLES);
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: moved
                models:
                  - {name: fake, profile: vllm-qwen2.5-7b, endpoint: "%s", concurrency: %d}
                benchmarks:
                  - {name: synthetic-slot, eval_set: synthetic_slot.json}
                samples_in_flight: %d
                """.formatted(endpoint.baseUrl(), WINDOW, WINDOW));
        String pgUrl = pg.newDatabase();

        worker = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker-sqlite.log"),
                Map.of("IBENCH_RESULTS_DB", sqlite.toString()), "--models-from", campaignFile.toString());
        try (TemporalConnection connection = server.connect()) {
            ResultsStore sqliteStore = CampaignServices.of(IbenchHome.resolve()).store();
            String campaignId = new CampaignStarter(CampaignServices.of(IbenchHome.resolve()), connection.client())
                    .start(campaignFile, "moved");
            String cell = campaignId + "/fake/synthetic-slot/direct";
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (scored(sqliteStore.sampleResults(cell)).size() < 40 && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            worker.kill();
            worker = null;
            List<String> finished = scored(sqliteStore.sampleResults(cell));
            assertThat(finished).as("the campaign is stopped mid-way").hasSizeBetween(40, SAMPLES - 50);

            try (CliProcess migrate = CliProcess.start(List.of("store", "migrate", "--from", sqlite.toString(), "--to", pgUrl),
                    "Copied", dir.resolve("migrate.log"), Map.of("IBENCH_STORE_PASSWORD", pg.password()))) {
                assertThat(migrate.waitForExit(Duration.ofMinutes(2))).as(migrate.output()).isZero();
                assertThat(migrate.output()).contains("sample_results").doesNotContain(pg.password());
            }

            worker = WorkerProcess.start(server.address(), "workflows,llm,scoring", dir.resolve("worker-postgres.log"),
                    Map.of("IBENCH_STORE", pgUrl, "IBENCH_STORE_PASSWORD", pg.password()), "--models-from", campaignFile.toString());
            CampaignStatus end = WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class,
                    CampaignWorkflow.workflowId(campaignId))).getResult(5, TimeUnit.MINUTES, CampaignStatus.class);
            assertThat(end.state()).isEqualTo(CellState.COMPLETED);

            try (ResultsDatabase postgres = ResultsDatabase.open(StoreLocation.parse(pgUrl, "test"), pg.password())) {
                List<SampleResultRecord> results = new ResultsStore(postgres).sampleResults(cell);
                assertThat(results).hasSize(SAMPLES).allMatch(r -> SampleResultRecord.SCORED.equals(r.status()));
            }
            assertThat(scored(sqliteStore.sampleResults(cell))).as("the resumed run wrote nothing into the old SQLite store")
                    .containsExactlyElementsOf(finished);
            for (String sampleId : finished) {
                int variant = Integer.parseInt(sampleId.substring(1));
                assertThat(endpoint.requestsContaining("(variant " + variant + ")"))
                        .as("model requests for %s, finished before the move", sampleId).isEqualTo(1);
            }
            assertThat(endpoint.requestCount()).as("each item paid once, plus at most the window in flight at the kill")
                    .isBetween(SAMPLES, SAMPLES + WINDOW);
        }
    }

    private static List<String> scored(List<SampleResultRecord> results) {
        return results.stream().filter(r -> SampleResultRecord.SCORED.equals(r.status())).map(SampleResultRecord::sampleId).toList();
    }
}
