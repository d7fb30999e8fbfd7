package dev.ibench.workers.worker.roles;

import dev.ibench.activities.bfcl.BfclMemorySnapshots;
import dev.ibench.activities.multiturn.BfclMemoryToolActivitiesImpl;
import dev.ibench.activities.multiturn.CampaignSearchKeys;
import dev.ibench.activities.multiturn.MultiTurnConversations;
import dev.ibench.activities.multiturn.MultiTurnScoringActivitiesImpl;
import dev.ibench.activities.multiturn.MultiTurnSessionCloser;
import dev.ibench.activities.multiturn.MultiTurnToolActivitiesImpl;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.multiturn.BfclMemoryScenarioWorkflowImpl;
import dev.ibench.workflows.multiturn.MultiTurnEntryWorkflowImpl;
import io.temporal.worker.WorkerOptions;

/**
 * Registers the BFCL multi-turn conversation workflow and activities per role: {@link MultiTurnEntryWorkflowImpl} (and a
 * memory scenario's {@link BfclMemoryScenarioWorkflowImpl}) on the workflows queue, the execution of calls on the tools queue (the process's interpreters, {@link CampaignServices#multiTurnSessions()},
 * closed through the process's own queue when a conversation ends)
 * and the scoring on the scoring queue. The model steps ({@code MultiTurnModelActivitiesImpl}) run on each campaign
 * model's LLM queue, registered with the other model calls ({@code CampaignModelsRegistration}).
 */
public final class MultiTurnRegistration {
    /** This process's own queue only closes interpreters: one poller is plenty. */
    private static final WorkerOptions SESSION_QUEUE_OPTIONS = WorkerOptions.newBuilder()
            .setMaxConcurrentActivityTaskPollers(1)
            .build();

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
        MultiTurnToolActivitiesImpl tools = new MultiTurnToolActivitiesImpl(conversations, services.multiTurnSessions(),
                new CampaignSearchKeys(services.store()));
        BfclMemoryToolActivitiesImpl memory = new BfclMemoryToolActivitiesImpl(conversations, tools, services.multiTurnSessions(),
                services::multiTurnExecutor, new BfclMemorySnapshots(services.artifacts()));
        MultiTurnSessionCloser closer = new MultiTurnSessionCloser(conversations, services.multiTurnSessions());
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.tools()).registerActivitiesImplementations(tools, memory);
            setup.describe("MultiTurnToolActivities and BfclMemoryToolActivities on " + queues.tools());
            String own = services.multiTurnSessions().queueFor(queues.tools());
            setup.worker(own, SESSION_QUEUE_OPTIONS).registerActivitiesImplementations(closer);
            setup.describe("MultiTurnSessionActivities on " + own + " (this process's interpreters)");
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
