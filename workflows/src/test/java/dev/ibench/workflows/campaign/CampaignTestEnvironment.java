package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.CellPlanEntry;
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
