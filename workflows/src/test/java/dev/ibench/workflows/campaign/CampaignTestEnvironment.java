package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.workflows.TaskQueues;
import io.temporal.api.enums.v1.IndexedValueType;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.testing.TestWorkflowEnvironment;
import io.temporal.worker.Worker;
import java.util.List;

/**
 * TEST FIXTURE: a TestWorkflowEnvironment with ibench's search attributes, workers of the campaign and cell workflows
 * on {@link FakeCampaignActivities} (model "m"), and campaign {@code c1} run to its end.
 */
final class CampaignTestEnvironment {
    private CampaignTestEnvironment() {}

    static TestWorkflowEnvironment create() {
        TestWorkflowEnvironment env = TestWorkflowEnvironment.newInstance();
        for (String keyword : List.of("IbenchCampaignId", "IbenchModel", "IbenchBenchmark", "IbenchState")) {
            env.registerSearchAttribute(keyword, IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD);
        }
        env.registerSearchAttribute("IbenchProgress", IndexedValueType.INDEXED_VALUE_TYPE_DOUBLE);
        return env;
    }

    /** Registers the workflows and the fake activities planning {@code cells}, and starts the environment. */
    static FakeCampaignActivities startWorkers(TestWorkflowEnvironment env, List<CellPlanEntry> cells) {
        FakeCampaignActivities fake = new FakeCampaignActivities(cells);
        Worker workflows = env.newWorker(TaskQueues.WORKFLOWS);
        workflows.registerWorkflowImplementationTypes(CampaignWorkflowImpl.class, CellWorkflowImpl.class);
        workflows.registerActivitiesImplementations(fake);
        env.newWorker(TaskQueues.llm("m")).registerActivitiesImplementations(fake);
        env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(fake);
        env.start();
        return fake;
    }

    /**
     * Registers the cell workflow (and {@code childTypes}) and the fake activities planning {@code cell} alone, and starts
     * the environment; the fake's batches ask their cell whether they may go on, as the real ones do.
     */
    static FakeCampaignActivities startCellWorkers(TestWorkflowEnvironment env, CellPlanEntry cell, Class<?>... childTypes) {
        FakeCampaignActivities fake = new FakeCampaignActivities(List.of(cell));
        Worker workflows = env.newWorker(TaskQueues.WORKFLOWS);
        List<Class<?>> types = new java.util.ArrayList<>(List.of(CellWorkflowImpl.class));
        types.addAll(List.of(childTypes));
        workflows.registerWorkflowImplementationTypes(types.toArray(new Class<?>[0]));
        workflows.registerActivitiesImplementations(fake);
        env.newWorker(TaskQueues.llm("m")).registerActivitiesImplementations(fake);
        env.newWorker(TaskQueues.SCORING).registerActivitiesImplementations(fake);
        env.start();
        WorkflowClient client = env.getWorkflowClient();
        fake.gate = id -> client.newWorkflowStub(CellWorkflow.class, id).batchesMayContinue();
        return fake;
    }

    /** Starts {@code cell} alone (campaign c1, workflow id {@code cell-a}) with a window of {@code window}; returns its stub. */
    static CellWorkflow startCell(TestWorkflowEnvironment env, CellPlanEntry cell, int window, boolean retryOnly) {
        return startCell(env, cell, window, retryOnly, CellCursor.start());
    }

    static CellWorkflow startCell(TestWorkflowEnvironment env, CellPlanEntry cell, int window, boolean retryOnly, CellCursor cursor) {
        CellWorkflow stub = env.getWorkflowClient().newWorkflowStub(CellWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS).setWorkflowId("cell-a").build());
        WorkflowClient.start(stub::run, new CellInput("c1", cell, window, retryOnly, cursor, ReactSettings.DEFAULT));
        return env.getWorkflowClient().newWorkflowStub(CellWorkflow.class, "cell-a");
    }

    /** A version marker's change id as a history's JSON holds it: a JSON string payload, base64-encoded. */
    static String markerInJson(String changeId) {
        return java.util.Base64.getEncoder().withoutPadding()
                .encodeToString(("\"" + changeId + "\"").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** Runs campaign c1 (two cells at once; a retry run under its own workflow id) and returns its end status. */
    static CampaignStatus runCampaign(TestWorkflowEnvironment env, int samplesInFlight, boolean retryOnly) {
        WorkflowClient client = env.getWorkflowClient();
        CampaignWorkflow campaign = client.newWorkflowStub(CampaignWorkflow.class, WorkflowOptions.newBuilder()
                .setTaskQueue(TaskQueues.WORKFLOWS)
                .setWorkflowId(CampaignWorkflow.workflowId("c1") + (retryOnly ? "-retry" : ""))
                .build());
        return campaign.run(new CampaignRequest("c1", 2, samplesInFlight, retryOnly));
    }
}
