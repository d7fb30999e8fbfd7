package dev.ibench.workers.worker.roles;

import dev.ibench.activities.campaign.CampaignPlanningActivitiesImpl;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.TaskQueuePollersImpl;
import dev.ibench.workers.worker.RoleRegistration;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.campaign.CampaignWorkflowImpl;
import dev.ibench.workflows.campaign.CellWorkflowImpl;
import io.temporal.worker.Worker;

/** Campaign and cell workflows plus the planning activities, on the workflows queue. */
public final class CampaignWorkflowsRegistration implements RoleRegistration {
    @Override
    public void register(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        for (InstallationQueues queues : setup.servedQueues()) {
            Worker worker = setup.worker(queues.workflows());
            worker.registerWorkflowImplementationTypes(CampaignWorkflowImpl.class, CellWorkflowImpl.class);
            worker.registerActivitiesImplementations( // a cell's LLM queue is the model's queue of this installation
                    new CampaignPlanningActivitiesImpl(services.store(), services.evalSets(), queues::llm, setup.meters()),
                    new TaskQueuePollersImpl(setup.client()));
            setup.describe("CampaignWorkflow + CellWorkflow + CampaignPlanningActivities + TaskQueuePollers on " + queues.workflows());
        }
    }
}
