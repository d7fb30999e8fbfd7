package dev.ibench.workers.react;

import dev.ibench.core.scratch.ScratchFolder;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.EvalSetExecutors;
import dev.ibench.activities.react.OracleAgentModel;
import dev.ibench.activities.react.ReactModelActivitiesImpl;
import dev.ibench.activities.react.ReactScoringActivitiesImpl;
import dev.ibench.activities.react.ReactToolActivitiesImpl;
import dev.ibench.activities.react.ReactToolEnvironments;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.metrics.ReactStatistics;
import dev.ibench.core.metrics.ReactStatisticsMetric;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.rest.RestPublication;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.workers.rest.LocalRestToolServers;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.TaskQueues;
import dev.ibench.workflows.campaign.CellCursor;
import dev.ibench.workflows.campaign.CellInput;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellWorkflow;
import dev.ibench.workflows.campaign.CellWorkflowImpl;
import dev.ibench.workflows.react.ReactCellMode;
import dev.ibench.workflows.react.ReactSampleWorkflowImpl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13, acceptance 2: the ReACT oracle (test tool) completes the superhero REST samples through real HTTP calls.
 * A react cell (CellWorkflow -> ReactSampleWorkflow children on TestWorkflowEnvironment) runs with the worker's real
 * tool steps, whose REST environment calls the endpoints on a {@link LocalRestToolServers} server on loopback; the
 * server's own request counter must equal the number of actions the trajectories took, and every stored observation
 * is an HTTP response.
 */
class ReactRestOracleTest {
    private static final String LLM_QUEUE = TaskQueues.llm("react-rest-test");

    @TempDir Path dir;

    @Test
    void oracleCompletesRestSamplesThroughHttpCalls() throws Exception {
        Path evalSet = SuperheroEvalSets.rest();
        EvalSetCache evalSets = new EvalSetCache();
        Map<String, EvalSample> samples = evalSets.samples(evalSet.toString());
        Path dataRoot = SuperheroEvalSets.dataRoot();
        String cellId = "rest-oracle";
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.sqlite"));
             ToolRuntime runtime = new ToolRuntime(dataRoot);
             LocalRestToolServers servers = new LocalRestToolServers(dataRoot, new ScratchFolder(dir.resolve("scratch")));
             TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance()) {
            ResultsStore store = new ResultsStore(database);
            for (String keyword : List.of("IbenchCampaignId", "IbenchModel", "IbenchBenchmark", "IbenchState")) {
                env.registerSearchAttribute(keyword, IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
            }
            env.registerSearchAttribute("IbenchProgress", IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE);
            var workflows = env.newWorker(TaskQueues.WORKFLOWS);
            workflows.registerWorkflowImplementationTypes(CellWorkflowImpl.class, ReactSampleWorkflowImpl.class);
            workflows.registerActivitiesImplementations(new CampaignPlanningActivitiesImpl(store, evalSets, m -> LLM_QUEUE, new SimpleMeterRegistry()));
            env.newWorker(LLM_QUEUE).registerActivitiesImplementations(new ReactModelActivitiesImpl(store, evalSets, cell -> new OracleAgentModel()));
            env.newWorker(TaskQueues.TOOLS).registerActivitiesImplementations(
                    new ReactToolActivitiesImpl(store, evalSets, new ReactToolEnvironments(runtime, servers)));
            env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(
                    new ReactScoringActivitiesImpl(store, evalSets, new EvalSetExecutors(runtime, dataRoot, dir)));
            env.start();

            List<String> ids = new ArrayList<>(samples.keySet());
            store.saveCampaign("c-" + cellId, "react rest test", "{}");
            store.saveCell(new CellRecord(cellId, "c-" + cellId, OracleAgentModel.NAME, "rest", "react", "none", evalSet.toString(), 1));
            store.saveCellSamples(cellId, ids);
            CellWorkflow cell = env.getWorkflowClient().newWorkflowStub(CellWorkflow.class,
                    WorkflowOptions.newBuilder().setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("cell-" + cellId).build());
            CellProgress progress = cell.run(new CellInput("c-" + cellId,
                    new CellPlanEntry(cellId, OracleAgentModel.NAME, "rest", ReactCellMode.MODE, "none", ids.size(), 1, LLM_QUEUE),
                    4, false, CellCursor.start(), null));

            List<ReactOutcome> outcomes = new ArrayList<>();
            for (SampleResultRecord r : store.sampleResults(cellId)) {
                outcomes.add(Json.MAPPER.readValue(r.scoreJson(), ReactOutcome.class));
            }
            int actions = outcomes.stream().mapToInt(o -> o.calls().size()).sum();
            long httpCalls = servers.server(RestPublication.endpointsFileOf(evalSet)).endpointCalls();
            ReactStatistics stats = ReactStatisticsMetric.summarize(outcomes.stream().map(ReactOutcome::trajectory).toList());
            System.out.printf("oracle-agent on REST superhero: %d samples, completion %.4f, avg loops %.3f, %d actions, %d HTTP calls received%n",
                    stats.samples(), stats.completionRate(), stats.averageLoops(), actions, httpCalls);

            assertThat(progress.infraErrors()).isZero();
            assertThat(outcomes).hasSize(samples.size());
            assertThat(samples.size()).as("the superhero REST set is not trivially small").isGreaterThan(50);
            assertThat(stats.completionRate()).isGreaterThanOrEqualTo(0.95);
            assertThat(httpCalls).as("every action is one request the server received").isEqualTo(actions)
                    .isGreaterThanOrEqualTo(samples.size());
            for (ReactOutcome o : outcomes) {
                assertThat(o.loops()).as(o.sampleId()).isEqualTo(samples.get(o.sampleId()).output().size() + 1);
                List<ToolExecutionRecord> steps = store.toolExecutions(cellId, o.sampleId(), 0);
                steps.stream().filter(s -> s.step() > 0).forEach(s -> assertThat(s.observation()).as(o.sampleId()).startsWith("HTTP 200: {\"columns\""));
                assertThat(o.completed()).as(o.sampleId() + " answered " + o.finalAnswer()).isTrue();
            }
        }
    }
}
