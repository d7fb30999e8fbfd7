package dev.ibench.workers.worker.roles;

import dev.ibench.activities.bfcl.BfclMemorySnapshots;
import dev.ibench.activities.multiturn.BfclMemoryToolActivitiesImpl;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScoringActivitiesImpl;
import dev.ibench.activities.multiturn.MultiTurnToolActivitiesImpl;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.multiturn.BfclMemoryScenarioWorkflowImpl;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflowImpl;

/**
 * Registers the BFCL multi-turn conversation workflow and activities per role: {@link MultiTurnEntryWorkflowImpl} (and a
 * memory scenario's {@link BfclMemoryScenarioWorkflowImpl}) on the workflows queue, the execution of calls on the tools queue (the process's interpreters, {@link CampaignServices#multiTurnSessions()})
 * and the scoring on the scoring queue. The model steps ({@code MultiTurnModelActivitiesImpl}) run on each campaign
 * model's LLM queue, registered with the other model calls ({@code CampaignModelsRegistration}).
 */
public final class MultiTurnRegistration {
    public void workflows(WorkerSetup setup) {
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.workflows()).registerWorkflowImplementationTypes(MultiTurnEntryWorkflowImpl.class,
                    BfclMemoryScenarioWorkflowImpl.class);
            setup.describe("MultiTurnEntryWorkflow and BfclMemoryScenarioWorkflow on " + queues.workflows());
        }
    }

    public void tools(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        MultiTurnConversations conversations = conversations(services);
        MultiTurnToolActivitiesImpl tools = new MultiTurnToolActivitiesImpl(conversations, services.multiTurnSessions());
        BfclMemoryToolActivitiesImpl memory = new BfclMemoryToolActivitiesImpl(conversations, tools, services.multiTurnSessions(),
                services::multiTurnExecutor, new BfclMemorySnapshots(services.artifacts()));
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.tools()).registerActivitiesImplementations(tools, memory);
            setup.describe("MultiTurnToolActivities and BfclMemoryToolActivities on " + queues.tools());
        }
    }

    public void scoring(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        MultiTurnScoringActivitiesImpl scoring = new MultiTurnScoringActivitiesImpl(
                conversations(services), services::multiTurnExecutor, services.multiTurnSessions());
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.scoring()).registerActivitiesImplementations(scoring);
            setup.describe("MultiTurnScoringActivities on " + queues.scoring());
        }
    }

    /** The conversations of multi-turn and memory cells (a memory cell's snapshots are in the artifact store). */
    public static MultiTurnConversations conversations(CampaignServices services) {
        return new MultiTurnConversations(services.store(), services.evalSets(), new BfclMemorySnapshots(services.artifacts()));
    }
}
