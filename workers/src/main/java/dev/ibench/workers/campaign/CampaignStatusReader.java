package dev.ibench.workers.campaign;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellProgress;
import dev.ibench.workflows.campaign.CellState;
import dev.ibench.workflows.campaign.CellWorkflow;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowStub;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a campaign's status from Temporal: the campaign's own (its result once it has ended, else its status query) and
 * each cell's (the result of a finished cell, the progress query of a running one), with spend and warnings from the
 * results store.
 */
public final class CampaignStatusReader {
    private final WorkflowClient client;

    public CampaignStatusReader(WorkflowClient client) {
        this.client = client;
    }

    /**
     * The campaign's status: its result once it has finished (no worker needed), else the answer of its status
     * query (which needs a worker polling the workflows queue). {@code temporalFlags} go into the hint of a failure.
     */
    public CampaignStatus status(String id, String temporalFlags) {
        WorkflowStub stub = client.newUntypedWorkflowStub(CampaignWorkflow.workflowId(id));
        WorkflowExecutionStatus state;
        try {
            state = stub.describe().getWorkflowExecutionInfo().getStatus();
        } catch (RuntimeException e) {
            throw new IllegalStateException("no campaign " + id + " on this Temporal server (" + e.getMessage() + ")", e);
        }
        if (state == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED) {
            return stub.getResult(CampaignStatus.class);
        }
        if (state != WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
            throw new IllegalStateException("campaign " + id + " ended as " + state.name().replace("WORKFLOW_EXECUTION_STATUS_", "")
                    + "; its stored results remain: ./ibench campaign report " + id);
        }
        try {
            return live(id);
        } catch (RuntimeException e) {
            throw new IllegalStateException("campaign " + id + " is running but did not answer its status query; is a worker "
                    + "serving the workflows role? (./ibench worker" + temporalFlags + " --roles workflows ...)", e);
        }
    }

    /** The answer of the running campaign's status query. */
    public CampaignStatus live(String id) {
        return client.newWorkflowStub(CampaignWorkflow.class, CampaignWorkflow.workflowId(id)).status();
    }

    /** {@link #cellViews(CampaignStatus, SpendStore, CellWarnings)} without spend, with the configured store's warnings. */
    public List<CampaignStatusView.CellView> cellViews(CampaignStatus status) {
        return cellViews(status, null);
    }

    /** {@link #cellViews(CampaignStatus, SpendStore, CellWarnings)} with the warnings of the configured results store. */
    public List<CampaignStatusView.CellView> cellViews(CampaignStatus status, SpendStore spend) {
        return cellViews(status, spend, CellWarnings.ofConfiguredStore(System.err));
    }

    /**
     * For each cell that has a workflow, its progress (the result of a finished cell, the query answer of a running one),
     * its spend and budget-deferred items from {@code spend} (null: not shown), and the warnings its answers recorded.
     */
    public List<CampaignStatusView.CellView> cellViews(CampaignStatus status, SpendStore spend, CellWarnings warnings) {
        List<CampaignStatusView.CellView> views = new ArrayList<>();
        for (CampaignStatus.CellEntry entry : status.cells()) {
            CellProgress live = null;
            if (entry.state() == CellState.COMPLETED || entry.state() == CellState.STOPPED) {
                live = client.newUntypedWorkflowStub(entry.workflowId()).getResult(CellProgress.class);
            } else if (entry.state() == CellState.RUNNING || entry.state() == CellState.PAUSED || entry.state() == CellState.PAUSED_BUDGET) {
                try {
                    live = client.newWorkflowStub(CellWorkflow.class, entry.workflowId()).progress();
                } catch (RuntimeException notStartedOrNoWorker) {
                    live = null;
                }
            }
            views.add(new CampaignStatusView.CellView(entry, live, spend == null ? null : spend.cellTotals(entry.cellId()),
                    spend == null ? 0 : spend.deferredUnsettled(entry.cellId()), warnings.of(entry.cellId())));
        }
        return views;
    }

    /** The status block of a campaign: cells with spend, then the campaign's spend per model against its budgets. */
    public String render(CampaignStatus status, SpendStore spend) {
        return CampaignStatusView.render(status, cellViews(status, spend), spendOf(spend, status.campaignId()));
    }

    /** The spend ledger of the configured store, or null (with a note on {@code notes}) when the store cannot be opened. */
    public static SpendStore spendStore(PrintStream notes) {
        try {
            return CampaignServices.reading(IbenchHome.resolve()).spend();
        } catch (RuntimeException e) {
            notes.println("note: spend not shown: the results store cannot be opened: " + e.getMessage());
            return null;
        }
    }

    /** The campaign's spend and budgets for the status footer; null when {@code spend} is. */
    public static CampaignStatusView.Spend spendOf(SpendStore spend, String campaignId) {
        return spend == null ? null
                : new CampaignStatusView.Spend(spend.totals(campaignId, null), spend.totalsByModel(campaignId), spend.budgets(campaignId));
    }
}
