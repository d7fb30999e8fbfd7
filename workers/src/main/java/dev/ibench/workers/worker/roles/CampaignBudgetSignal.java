package dev.ibench.workers.worker.roles;

import dev.ibench.activities.spend.BudgetPauser;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import io.temporal.client.WorkflowClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Pauses a campaign whose budget is reached: the {@code budgetPause} signal to its campaign workflow. */
final class CampaignBudgetSignal implements BudgetPauser {
    private static final Logger LOG = LoggerFactory.getLogger(CampaignBudgetSignal.class);
    private final WorkflowClient client;

    CampaignBudgetSignal(WorkflowClient client) {
        this.client = client;
    }

    @Override
    public void pause(String campaignId, String reason) {
        try {
            client.newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(campaignId)).budgetPause(reason);
        } catch (RuntimeException e) {
            // the campaign workflow is gone (finished, or run outside Temporal): the refusal itself still stands
            LOG.warn("budget pause of campaign {} not delivered: {}", campaignId, e.getMessage());
        }
    }
}
