package dev.ibench.workflows.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ibench.activities.campaign.BatchApiActivitiesImpl;
import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.ModelCallActivitiesImpl;
import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.campaign.ScoringActivitiesImpl;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.spend.BudgetPauser;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.spend.StoreSpendLedger;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.campaign.BatchSettings;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.testing.SyntheticEvalSet;
import dev.ibench.testing.batch.StandInAnswers;
import dev.ibench.testing.batch.StandInBatchApi;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.testing.RecordedHistories;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowStub;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code batch: true} direct cell of 20 items against the stand-in Batch API (a test tool), with 8 lines per file: the
 * whole path is real (cell workflow on TestWorkflowEnvironment, whose timers skip; the Batch API, planning, model-call and
 * scoring activities; a SQLite results store and ledger). The same cell run without batch, on its own response cache,
 * gives the same scores. By hand: 3 batches (8 + 8 + 4 lines), one line per item, and each item's ledger row at the batch
 * price, 100 / 1e6 x 0.5 + 20 / 1e6 x 2.0 = 0.00009 USD (the normal price would be 0.00018).
 */
class BatchApiCellTest {
    static final String HISTORY = "dev/ibench/workflows/campaign/batch-api-cell.json";
    static final int ITEMS = 20;
    static final String BATCH_QUEUE = TaskQueues.llm("batched");
    static final String PLAIN_QUEUE = TaskQueues.llm("plain");

    @TempDir Path dir;

    private record Run(CellProgress end, Map<String, String> scores, List<SpendEntry> ledger) {}

    @Test
    void aBatchedCellScoresEveryItemOnceAsTheNormalRunDoesAndPaysTheBatchPrice() throws Exception {
        try (StandInBatchApi api = StandInBatchApi.start(StandInAnswers::answer, 8, 1_000_000)) {
            api.setProcessingTime(java.time.Duration.ZERO);
            Map<String, Run> runs = runBoth(api, BatchSettings.CALL, "cell-batched");
            Run batched = runs.get("batched");
            Run plain = runs.get("plain");

            assertThat(api.batchesCreated()).isEqualTo(3);
            assertThat(api.linesPerCustomId()).hasSize(ITEMS).allSatisfy((id, lines) -> assertThat(lines).as(id).isEqualTo(1));
            assertThat(api.directCalls()).as("only the run without batch calls the model directly").isEqualTo(ITEMS);
            assertThat(batched.end().done()).isEqualTo(ITEMS);
            assertThat(batched.end().state()).isEqualTo(CellState.COMPLETED);
            assertThat(batched.scores()).hasSize(ITEMS).isEqualTo(plain.scores());
            assertThat(batched.scores().values()).allMatch(s -> s.startsWith(SampleResultRecord.SCORED));
            assertThat(batched.ledger()).hasSize(ITEMS).allSatisfy(e -> {
                assertThat(e.outcome()).isEqualTo(SpendEntry.OK);
                assertThat(e.costUsd()).isCloseTo(0.00009, within(1e-12));
            });
            assertThat(plain.ledger()).hasSize(ITEMS).allSatisfy(e -> assertThat(e.costUsd()).isCloseTo(0.00018, within(1e-12)));
            assertThat(batched.end().costUsd()).isCloseTo(ITEMS * 0.00009, within(1e-9));
            assertThat(batched.end().promptTokens()).isEqualTo(ITEMS * 100L);
        }
    }

    @Test
    void aFailedLineIsSentAgainAsANormalCallWithFailedLinesCall() throws Exception {
        try (StandInBatchApi api = StandInBatchApi.start(StandInAnswers::answer, 8, 1_000_000)) {
            api.setProcessingTime(java.time.Duration.ZERO);
            api.failCustomIds(Set.of("s0003#0", "s0011#0"));
            Run batched = runBoth(api, BatchSettings.CALL, null).get("batched");
            assertThat(batched.end().done()).isEqualTo(ITEMS);
            assertThat(batched.scores().values()).allMatch(s -> s.startsWith(SampleResultRecord.SCORED));
            // the plain run's 20 calls and the two failed lines' normal calls
            assertThat(api.directCalls()).isEqualTo(ITEMS + 2);
            assertThat(batched.ledger()).hasSize(ITEMS);
            assertThat(batched.ledger()).filteredOn(e -> e.sampleId().equals("s0003") || e.sampleId().equals("s0011"))
                    .allSatisfy(e -> assertThat(e.costUsd()).isCloseTo(0.00018, within(1e-12)));
        }
    }

    @Test
    void aFailedLineIsRecordedAsAnInfrastructureErrorWithFailedLinesMark() throws Exception {
        try (StandInBatchApi api = StandInBatchApi.start(StandInAnswers::answer, 8, 1_000_000)) {
            api.setProcessingTime(java.time.Duration.ZERO);
            api.failCustomIds(Set.of("s0005#0"));
            Run batched = runBoth(api, BatchSettings.MARK, null).get("batched");
            assertThat(batched.end().done()).isEqualTo(ITEMS);
            assertThat(batched.end().infraErrors()).isEqualTo(1);
            assertThat(batched.scores().get("s0005/0")).startsWith(SampleResultRecord.INFRA_ERROR);
            assertThat(api.directCalls()).as("no normal call for the marked line").isEqualTo(ITEMS);
            assertThat(batched.ledger()).hasSize(ITEMS - 1);
        }
    }

    /**
     * A pause cancels the open batches at the provider; on resume the items they did not answer are batched again and the
     * cell ends with every item scored once. By hand: 3 parts (8 + 8 + 4) open when the pause comes, all cancelled with no
     * line answered, then 3 new batches of the same items: 6 batches, 2 lines per item, 20 ledger rows.
     */
    @Test
    void aPauseCancelsTheOpenBatchesAndResumeBatchesTheirItemsAgain() throws Exception {
        try (StandInBatchApi api = StandInBatchApi.start(StandInAnswers::answer, 8, 1_000_000)) {
            api.setProcessingTime(java.time.Duration.ofDays(1));
            Run batched = runBoth(api, BatchSettings.CALL, null, cell -> {
                awaitTrue(() -> api.batchesCreated() == 3);
                cell.pause();
                awaitTrue(() -> api.statuses().equals(List.of("cancelled", "cancelled", "cancelled")));
                api.setProcessingTime(java.time.Duration.ZERO);
                cell.resume();
            }).get("batched");
            assertThat(batched.end().done()).isEqualTo(ITEMS);
            assertThat(batched.scores().values()).hasSize(ITEMS).allMatch(s -> s.startsWith(SampleResultRecord.SCORED));
            assertThat(api.batchesCreated()).isEqualTo(6);
            assertThat(api.linesPerCustomId()).hasSize(ITEMS).allSatisfy((id, lines) -> assertThat(lines).as(id).isEqualTo(2));
            assertThat(batched.ledger()).hasSize(ITEMS);
        }
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition) {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The history recorded by the first test (with -Dibench.recordHistories=true) replays on today's cell workflow. */
    @Test
    void theRecordedHistoryReplays() throws Exception {
        io.temporal.testing.WorkflowReplayer.replayWorkflowExecution(RecordedHistories.load(HISTORY), CellWorkflowImpl.class);
    }

    /** Runs the batched cell and the same cell without batch; records and replays the batched cell's history when asked. */
    private Map<String, Run> runBoth(StandInBatchApi api, String failedLines, String historyOf) throws Exception {
        return runBoth(api, failedLines, historyOf, null);
    }

    /** {@code during} (null: none) acts on the batched cell while it runs, before its result is awaited. */
    private Map<String, Run> runBoth(StandInBatchApi api, String failedLines, String historyOf, Consumer<CellWorkflow> during)
            throws Exception {
        Path evalSet = SyntheticEvalSet.write(dir.resolve("synthetic_slot.json"), ITEMS);
        EvalSetCache evalSets = new EvalSetCache();
        List<String> ids = new ArrayList<>(evalSets.samples(evalSet.toString()).keySet());
        Path profiles = Files.createDirectories(dir.resolve("profiles"));
        Files.writeString(profiles.resolve("stand-in.yaml"), """
                name: stand-in
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 64
                temperature: 0
                price_per_million_input: 1.0
                price_per_million_output: 4.0
                batch_price_per_million_input: 0.5
                batch_price_per_million_output: 2.0
                """);
        TestWorkflowEnvironment env = CampaignTestEnvironment.create();
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.db"));
             ResponseCache batchCache = new ResponseCache(dir.resolve("cache-batched.db"));
             ResponseCache plainCache = new ResponseCache(dir.resolve("cache-plain.db"));
             ToolRuntime runtime = new ToolRuntime(SuperheroEvalSets.dataRoot())) {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "batched", "profile": "stand-in", "endpoint": "%s", "batch": true,
                      "batch_settings": {"lines_per_file": 8, "poll_seconds": 30, "failed_lines": "%s"}},
                     {"name": "plain", "profile": "stand-in", "endpoint": "%s"}], "benchmarks": [], "modes": ["direct"]}"""
                    .formatted(api.baseUrl(), failedLines, api.baseUrl()));
            for (String model : List.of("batched", "plain")) {
                String cellId = "c1/" + model + "/b/direct";
                store.saveCell(new CellRecord(cellId, "c1", model, "b", "direct", "none", evalSet.toString(), 1));
                store.saveCellSamples(cellId, ids);
            }
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            SpendStore spend = new SpendStore(database);
            StoreSpendLedger ledger = new StoreSpendLedger(spend, meters, BudgetPauser.NONE);
            var workflows = env.newWorker(TaskQueues.WORKFLOWS);
            workflows.registerWorkflowImplementationTypes(CellWorkflowImpl.class);
            workflows.registerActivitiesImplementations(new CampaignPlanningActivitiesImpl(store, evalSets, m -> TaskQueues.llm(m), meters));
            ModelRunners batchRunners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), batchCache, name -> null, null, ledger);
            ModelRunners plainRunners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), plainCache, name -> null, null, ledger);
            env.newWorker(BATCH_QUEUE).registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, batchRunners, meters),
                    new BatchApiActivitiesImpl(store, evalSets, batchRunners, meters));
            env.newWorker(PLAIN_QUEUE).registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, plainRunners, meters));
            env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(new ScoringActivitiesImpl(store, evalSets, runtime,
                    c -> ParserChains.defaultChain(), meters));
            env.start();

            Map<String, Run> runs = new LinkedHashMap<>();
            BatchSettings settings = new BatchSettings(30, failedLines, 8, null, null, null);
            for (String model : List.of("batched", "plain")) {
                String cellId = "c1/" + model + "/b/direct";
                String workflowId = "cell-" + model;
                CellWorkflow cell = env.getWorkflowClient().newWorkflowStub(CellWorkflow.class,
                        WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(workflowId).build());
                CellInput input = new CellInput("c1", new CellPlanEntry(cellId, model, "b", "direct", "none", ITEMS, 1,
                        TaskQueues.llm(model), null, null, null, null, null, model.equals("batched") ? settings : null),
                        4, false, CellCursor.start(), null);
                CellProgress end;
                if (during != null && model.equals("batched")) {
                    WorkflowClient.start(cell::run, input);
                    during.accept(cell);
                    end = WorkflowStub.fromTyped(cell).getResult(CellProgress.class);
                } else {
                    end = cell.run(input);
                }
                Map<String, String> scores = new LinkedHashMap<>();
                for (SampleResultRecord r : store.sampleResults(cellId)) {
                    scores.put(r.sampleId() + "/" + r.trial(), r.status() + " " + r.scoreJson());
                }
                runs.put(model, new Run(end, scores, spend.entries(cellId)));
            }
            if (historyOf != null) {
                RecordedHistories.replayAndMaybeRecord(env.getWorkflowClient().fetchHistory(historyOf), HISTORY, CellWorkflowImpl.class);
            }
            return runs;
        } finally {
            env.close();
        }
    }
}
