package dev.ibench.workflows.campaign;

import io.temporal.workflow.QueryMethod;
import io.temporal.workflow.SignalMethod;
import io.temporal.workflow.WorkflowInterface;
import io.temporal.workflow.WorkflowMethod;

/** A whole campaign: plans its cells and runs one child {@link CellWorkflow} per cell, a bounded number at once. */
@WorkflowInterface
public interface CampaignWorkflow {
    @WorkflowMethod
    CampaignStatus run(CampaignRequest request);

    @SignalMethod
    void pause();

    @SignalMethod
    void resume();

    /**
     * A worker found the campaign's (or a model's) budget reached and refused a request: pause as {@link #pause()} does,
     * with state {@code PAUSED_BUDGET} and {@code reason} in status. Repeats are ignored.
     */
    @SignalMethod
    void budgetPause(String reason);

    @SignalMethod
    void setSamplesInFlight(int samplesInFlight);

    @QueryMethod
    CampaignStatus status();

    static String workflowId(String campaignId) {
        return "ibench-campaign-" + campaignId;
    }

    static String cellWorkflowId(String cellId) {
        return "ibench-cell-" + cellId;
    }
}
