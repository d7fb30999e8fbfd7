package dev.ibench.workers.worker.roles;

import dev.ibench.activities.campaign.ScoringActivitiesImpl;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.worker.RoleRegistration;
import dev.ibench.workers.worker.WorkerSetup;
import dev.ibench.workflows.InstallationQueues;

/** Scoring of campaign work items, on the scoring queue. */
public final class CampaignScoringRegistration implements RoleRegistration {
    @Override
    public void register(WorkerSetup setup) {
        CampaignServices services = CampaignServices.of(setup.home());
        ScoringActivitiesImpl scoring = new ScoringActivitiesImpl(
                services.store(), services.evalSets(), services.executors(), services::parserOf,
                cell -> services.modelRunners().ablation(cell), services::bfclModeOf, services.sqlDatabases(), setup.meters());
        for (InstallationQueues queues : setup.servedQueues()) {
            setup.worker(queues.scoring()).registerActivitiesImplementations(scoring);
            setup.describe("ScoringActivities on " + queues.scoring());
        }
    }
}
