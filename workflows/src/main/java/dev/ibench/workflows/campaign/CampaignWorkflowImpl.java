package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.CampaignPlan;
import dev.ibench.activities.campaign.CampaignPlanningActivities;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.InstallationQueues;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.common.SearchAttributes;
import io.temporal.failure.ChildWorkflowFailure;
import io.temporal.workflow.Async;
import io.temporal.workflow.ChildWorkflowOptions;
import io.temporal.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plans the campaign, then starts one cell workflow per cell with at most {@code cellsInFlight}
 * running. Pause, resume and window changes are forwarded to the running cells. A cell that stops
 * (its endpoint rejected us, or rejected too many items) returns STOPPED with its reason: the other cells go on and the
 * campaign ends COMPLETED with the stopped cells named in its status. A cell whose workflow fails (cells recorded before
 * the {@code cell-stop-returns} marker also failed when they stopped) is FAILED, and so is then the campaign. A reached budget pauses the
 * campaign ({@link #budgetPause}); the items refused for budget are run by a retry run of their cell once the
 * campaign is resumed (docs/ledger.md).
 */
public final class CampaignWorkflowImpl implements CampaignWorkflow {
    /**
     * Version marker of re-running a cell's budget-deferred items after the cell's run; campaigns recorded before it
     * never asked and replay unchanged.
     */
    static final String BUDGET_DEFERRALS = "budget-deferrals";

    private final CampaignPlanningActivities planning =
            Workflow.newActivityStub(CampaignPlanningActivities.class, CellActivityOptions.planning());

    private CampaignRequest request;
    private String name = "";
    private CellState state = CellState.PLANNING;
    private final Map<String, CampaignStatus.CellEntry> cells = new LinkedHashMap<>();
    private final List<String> runningCells = new ArrayList<>();
    private boolean paused;
    private int samplesInFlight;
    private ReactSettings react;
    private String pauseReason;

    @Override
    public CampaignStatus run(CampaignRequest request) {
        this.request = request;
        this.samplesInFlight = request.samplesInFlight();
        setState(CellState.PLANNING);
        CampaignPlan plan = planning.planCampaign(request.campaignId());
        name = plan.name();
        react = plan.react();
        for (CellPlanEntry cell : plan.cells()) {
            cells.put(cell.cellId(), entry(cell, CellState.PLANNING, null));
        }
        setState(paused ? CellState.PAUSED : CellState.RUNNING);

        List<io.temporal.workflow.Promise<Void>> finished = new ArrayList<>();
        for (CellPlanEntry cell : plan.cells()) {
            Workflow.await(() -> !paused && runningCells.size() < request.cellsInFlight());
            runningCells.add(cell.cellId());
            cells.put(cell.cellId(), entry(cell, CellState.RUNNING, null));
            finished.add(Async.procedure(this::runCell, cell));
        }
        io.temporal.workflow.Promise.allOf(finished).get();
        boolean anyFailed = cells.values().stream().anyMatch(c -> c.state() == CellState.FAILED);
        setState(anyFailed ? CellState.FAILED : CellState.COMPLETED);
        return status();
    }

    private void runCell(CellPlanEntry cell) {
        CellWorkflow child = cellChild(cell, cell.model() + " on " + cell.benchmark() + " (" + cell.mode() + "), "
                + cell.samples() + " samples x " + cell.trials() + " trials");
        try {
            CellProgress end = child.run(new CellInput(request.campaignId(), cell, samplesInFlight, request.retryOnly(),
                    new CellCursor(0, 0, 0, 0, 0, paused), react));
            if (end != null && end.state() == CellState.STOPPED) {
                cells.put(cell.cellId(), entry(cell, CellState.STOPPED, end.failure()));
                return;
            }
            if (Workflow.getVersion(BUDGET_DEFERRALS, Workflow.DEFAULT_VERSION, 1) >= 1) {
                runBudgetDeferred(cell);
            }
            cells.put(cell.cellId(), entry(cell, CellState.COMPLETED, null));
        } catch (ChildWorkflowFailure f) {
            Throwable cause = f.getCause() == null ? f : f.getCause();
            cells.put(cell.cellId(), entry(cell, CellState.FAILED, cause.getMessage()));
        } finally {
            runningCells.remove(cell.cellId());
            Workflow.setCurrentDetails(ProgressMarkdown.campaign(status()));
        }
    }

    /**
     * Items refused because a budget was reached have no result yet: once the campaign is resumed, a retry run of the
     * cell runs them (with the cell's infra_error items, as retry-errors would). Refused again, they wait again.
     */
    private void runBudgetDeferred(CellPlanEntry cell) {
        while (planning.budgetDeferred(cell.cellId()) > 0) {
            Workflow.await(() -> !paused);
            cells.put(cell.cellId(), entry(cell, CellState.RUNNING, null));
            CellWorkflow retry = cellChild(cell, cell.model() + " on " + cell.benchmark() + " (" + cell.mode() + "): items deferred by the budget");
            retry.run(new CellInput(request.campaignId(), cell, samplesInFlight, true, new CellCursor(0, 0, 0, 0, 0, paused), react));
        }
    }

    /** The cell's child workflow: the same id, queue and search attributes for its first run and its retry runs. */
    private CellWorkflow cellChild(CellPlanEntry cell, String summary) {
        return Workflow.newChildWorkflowStub(CellWorkflow.class, ChildWorkflowOptions.newBuilder()
                .setWorkflowId(CampaignWorkflow.cellWorkflowId(cell.cellId()))
                .setTaskQueue(InstallationQueues.inWorkflow().workflows())
                .setStaticSummary(summary)
                .setTypedSearchAttributes(SearchAttributes.newBuilder()
                        .set(IbenchSearchAttributes.CAMPAIGN_ID, request.campaignId())
                        .set(IbenchSearchAttributes.MODEL, cell.model())
                        .set(IbenchSearchAttributes.BENCHMARK, cell.benchmark())
                        .set(IbenchSearchAttributes.STATE, CellState.RUNNING.name())
                        .set(IbenchSearchAttributes.PROGRESS, 0.0)
                        .build())
                .build());
    }

    private static CampaignStatus.CellEntry entry(CellPlanEntry cell, CellState state, String failure) {
        return new CampaignStatus.CellEntry(cell.cellId(), CampaignWorkflow.cellWorkflowId(cell.cellId()), cell.model(),
                cell.benchmark(), cell.mode(), cell.workItems(), state, failure);
    }

    private void setState(CellState newState) {
        state = newState;
        Workflow.upsertTypedSearchAttributes(
                IbenchSearchAttributes.CAMPAIGN_ID.valueSet(request.campaignId()),
                IbenchSearchAttributes.STATE.valueSet(newState.name()));
        Workflow.setCurrentDetails(ProgressMarkdown.campaign(status()));
    }

    @Override
    public void pause() {
        paused = true;
        forEachRunningCell(CellWorkflow::pause);
        if (state == CellState.RUNNING) {
            setState(CellState.PAUSED);
        }
    }

    @Override
    public void resume() {
        paused = false;
        pauseReason = null;
        forEachRunningCell(CellWorkflow::resume);
        if (state == CellState.PAUSED || state == CellState.PAUSED_BUDGET) {
            setState(CellState.RUNNING);
        }
    }

    @Override
    public void budgetPause(String reason) {
        if (state == CellState.PAUSED_BUDGET || state == CellState.COMPLETED || state == CellState.FAILED) {
            return;
        }
        paused = true;
        pauseReason = reason;
        forEachRunningCell(CellWorkflow::pause);
        if (state != CellState.PLANNING) {
            setState(CellState.PAUSED_BUDGET);
        }
    }

    @Override
    public void setSamplesInFlight(int samplesInFlight) {
        if (samplesInFlight > 0) {
            this.samplesInFlight = samplesInFlight;
            forEachRunningCell(c -> c.setSamplesInFlight(samplesInFlight));
        }
    }

    /** Signals are forwarded asynchronously; a cell that finished in the meantime simply no longer needs them. */
    private void forEachRunningCell(java.util.function.Consumer<CellWorkflow> signal) {
        for (String cellId : List.copyOf(runningCells)) {
            Async.procedure(() -> {
                try {
                    signal.accept(Workflow.newExternalWorkflowStub(CellWorkflow.class, CampaignWorkflow.cellWorkflowId(cellId)));
                } catch (RuntimeException cellAlreadyClosed) {
                    Workflow.getLogger(CampaignWorkflowImpl.class).info("signal not delivered to {}: {}", cellId,
                            cellAlreadyClosed.getMessage());
                }
            });
        }
    }

    @Override
    public CampaignStatus status() {
        return new CampaignStatus(request == null ? null : request.campaignId(), name, state, List.copyOf(cells.values()), pauseReason);
    }
}
