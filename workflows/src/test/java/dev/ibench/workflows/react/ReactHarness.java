package dev.ibench.workflows.react;

import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.activities.react.ReactModelActivitiesImpl;
import dev.ibench.activities.react.ReactScoringActivitiesImpl;
import dev.ibench.activities.react.ReactToolActivitiesImpl;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CellCursor;
import dev.ibench.workflows.campaign.CellInput;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellWorkflow;
import dev.ibench.workflows.campaign.CellWorkflowImpl;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Test fixture: a campaign cell in mode {@code react} on TestWorkflowEnvironment with the REAL activities
 * (results store on a SQLite file, the in-process tool runtime on the bundled databases, the given agent model).
 */
final class ReactHarness implements AutoCloseable {
    static final String LLM_QUEUE = TaskQueues.llm("react-test");

    final TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
    final ResultsDatabase database;
    final ResultsStore store;
    final ToolRuntime runtime;
    final EvalSetCache evalSets = new EvalSetCache();

    ReactHarness(Path resultsFile, Function<String, ReactAgentModel> models) {
        for (String keyword : List.of("IbenchCampaignId", "IbenchModel", "IbenchBenchmark", "IbenchState")) {
            env.registerSearchAttribute(keyword, IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
        }
        env.registerSearchAttribute("IbenchProgress", IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE);
        database = ResultsDatabase.open(resultsFile);
        store = new ResultsStore(database);
        runtime = new ToolRuntime(SuperheroEvalSets.dataRoot());
        var workflows = env.newWorker(TaskQueues.WORKFLOWS);
        workflows.registerWorkflowImplementationTypes(CellWorkflowImpl.class, ReactSampleWorkflowImpl.class);
        workflows.registerActivitiesImplementations(new CampaignPlanningActivitiesImpl(store, evalSets, m -> LLM_QUEUE,
                new io.micrometer.core.instrument.simple.SimpleMeterRegistry()));
        // one model call at a time, as an in-process model serves them: waiting steps queue in Temporal, not in a timed-out activity
        env.newWorker(LLM_QUEUE, io.temporal.worker.WorkerOptions.newBuilder().setMaxConcurrentActivityExecutionSize(1).build())
                .registerActivitiesImplementations(new ReactModelActivitiesImpl(store, evalSets, cell -> models.apply(cell.model())));
        env.newWorker(TaskQueues.TOOLS).registerActivitiesImplementations(new ReactToolActivitiesImpl(store, evalSets, runtime));
        env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(new ReactScoringActivitiesImpl(store, evalSets, runtime));
        env.start();
    }

    /** Stores a cell of the first {@code samples} samples of {@code evalSet} and runs it in mode react. */
    CellProgress runCell(String cellId, String model, Path evalSet, int samples) {
        List<String> ids = new ArrayList<>(evalSets.samples(evalSet.toString()).keySet());
        List<String> chosen = ids.subList(0, Math.min(samples, ids.size()));
        store.saveCampaign("c-" + cellId, "react test", "{}");
        store.saveCell(new CellRecord(cellId, "c-" + cellId, model, evalSet.getFileName().toString(), "react", "none", evalSet.toString(), 1));
        store.saveCellSamples(cellId, chosen);
        CellPlanEntry entry = new CellPlanEntry(cellId, model, evalSet.getFileName().toString(), ReactCellMode.MODE, "none",
                chosen.size(), 1, LLM_QUEUE);
        CellWorkflow cell = env.getWorkflowClient().newWorkflowStub(CellWorkflow.class,
                WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("cell-" + cellId).build());
        return cell.run(new CellInput("c-" + cellId, entry, 4, false, CellCursor.start(), null));
    }

    /**
     * Stores a cell of the {@code chosen} samples and runs their trajectories as ReactSampleWorkflow runs
     * (all started at once; the model serialises its calls) with the given budget and observation size.
     */
    void runTrajectories(String cellId, String model, Path evalSet, List<String> chosen, int budget, int observationChars) {
        store.saveCampaign("c-" + cellId, "react test", "{}");
        store.saveCell(new CellRecord(cellId, "c-" + cellId, model, evalSet.getFileName().toString(), "react", "none", evalSet.toString(), 1));
        store.saveCellSamples(cellId, chosen);
        List<io.temporal.client.WorkflowStub> runs = new ArrayList<>();
        for (int position = 0; position < chosen.size(); position++) {
            ReactSampleWorkflow run = env.getWorkflowClient().newWorkflowStub(ReactSampleWorkflow.class, WorkflowOptions.newBuilder()
                    .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId(ReactSampleWorkflow.workflowId(cellId, position, 0)).build());
            io.temporal.client.WorkflowClient.start(run::run,
                    new ReactSampleInput("c-" + cellId, cellId, model, LLM_QUEUE, position, 0, budget, observationChars));
            runs.add(io.temporal.client.WorkflowStub.fromTyped(run));
        }
        runs.forEach(r -> r.getResult(dev.ibench.activities.campaign.SampleOutcome.class));
    }

    List<ReactOutcome> outcomes(String cellId) {
        List<ReactOutcome> out = new ArrayList<>();
        for (SampleResultRecord r : store.sampleResults(cellId)) {
            if (r.scoreJson() == null) {
                continue;
            }
            try {
                out.add(Json.MAPPER.readValue(r.scoreJson(), ReactOutcome.class));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    @Override
    public void close() {
        env.close();
        runtime.close();
        database.close();
    }
}
