package dev.ibench.workers.worker.roles;

import dev.ibench.activities.react.ReactScoringActivitiesImpl;
import dev.ibench.activities.react.ReactToolActivitiesImpl;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.react.ReactSampleWorkflowImpl;

/**
 * Registers the ReACT trajectory workflow and activities per role: {@link ReactSampleWorkflowImpl} on the
 * workflows queue, the tool steps on the tools queue and the classification on the scoring queue. The model steps
 * ({@code ReactModelActivitiesImpl}) run on each campaign model's LLM queue, registered with the direct model calls
 * ({@code CampaignModelsRegistration}). The results store, eval sets and tool runtime
 * are the process's {@link CampaignServices}, shared with the direct-mode campaign activities; ReACT actions run where
 * {@link CampaignServices#reactCellToolEnvironments()} says (an MCP server for tools_via: mcp; REST eval sets: HTTP calls to the worker's REST tool servers),
 * and trajectories are scored with each eval set's own completion executor. Every step sees its cell's ablation
 * ({@code ModelRunners#ablation}): actions are mapped back to the sample's names before they run, observations shown in the agent's.
 */
public final class ReactRegistration {
    public void workflows(WorkerSetup setup) {
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.workflows()).registerWorkflowImplementationTypes(ReactSampleWorkflowImpl.class);
            setup.describe("ReactSampleWorkflow on " + queues.workflows());
        }
    }

    public void tools(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        ReactToolActivitiesImpl tools = ReactToolActivitiesImpl.byCell(services.store(), services.evalSets(),
                services.reactCellToolEnvironments(), services.modelRunners()::ablation);
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.tools()).registerActivitiesImplementations(tools);
            setup.describe("ReactToolActivities on " + queues.tools() + " (data root " + services.dataRoot() + ")");
        }
    }

    public void scoring(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        ReactScoringActivitiesImpl scoring =
                new ReactScoringActivitiesImpl(services.store(), services.evalSets(), services.executors(), services.modelRunners()::ablation);
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.scoring()).registerActivitiesImplementations(scoring);
            setup.describe("ReactScoringActivities on " + queues.scoring() + " (results " + services.database().location().display() + ")");
        }
    }
}
