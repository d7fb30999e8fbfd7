package dev.ibench.activities.campaign;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import java.util.List;

/** Planning and bookkeeping steps of a campaign, run on the workflows' own task queue. */
@ActivityInterface
public interface CampaignPlanningActivities {
    /** Expands the stored campaign spec into cells, selects and stores each cell's samples. Idempotent. */
    @ActivityMethod
    CampaignPlan planCampaign(String campaignId);

    /** Work items of a cell without a scored result (never run, or infra_error): what retry-errors re-runs. */
    @ActivityMethod
    List<WorkItem> unscoredWork(String cellId);

    /** Records that an item could not be run for infrastructure reasons (not a model failure). */
    @ActivityMethod
    void recordInfraError(WorkItem item, String message);
}
