package dev.ibench.workers.worker.roles;

import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScoringActivitiesImpl;
import dev.ibench.activities.multiturn.MultiTurnToolActivitiesImpl;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflowImpl;

/**
 * Registers the BFCL multi-turn conversation workflow and activities per role: {@link MultiTurnEntryWorkflowImpl} on the
 * workflows queue, the execution of calls on the tools queue (the process's interpreters, {@link CampaignServices#multiTurnSessions()})
 * and the scoring on the scoring queue. The model steps ({@code MultiTurnModelActivitiesImpl}) run on each campaign
 * model's LLM queue, registered with the other model calls ({@code CampaignModelsRegistration}).
 */
public final class MultiTurnRegistration {
    public void workflows(WorkerSetup setup) {
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.workflows()).registerWorkflowImplementationTypes(MultiTurnEntryWorkflowImpl.class);
            setup.describe("MultiTurnEntryWorkflow on " + queues.workflows());
        }
    }

    public void tools(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        MultiTurnToolActivitiesImpl tools = new MultiTurnToolActivitiesImpl(
                new MultiTurnConversations(services.store(), services.evalSets()), services.multiTurnSessions());
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.tools()).registerActivitiesImplementations(tools);
            setup.describe("MultiTurnToolActivities on " + queues.tools());
        }
    }

    public void scoring(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        MultiTurnScoringActivitiesImpl scoring = new MultiTurnScoringActivitiesImpl(
                new MultiTurnConversations(services.store(), services.evalSets()), services::multiTurnExecutor, services.multiTurnSessions());
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.scoring()).registerActivitiesImplementations(scoring);
            setup.describe("MultiTurnScoringActivities on " + queues.scoring());
        }
    }
}
