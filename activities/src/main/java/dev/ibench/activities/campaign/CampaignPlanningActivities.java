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

    /**
     * Work items of a cell without a settled result (never run, or infra_error): what retry-errors re-runs.
     * Scored and rejected items are settled: running them again cannot change their outcome.
     */
    @ActivityMethod
    List<WorkItem> unscoredWork(String cellId);

    /**
     * As {@link #unscoredWork}, one page: at most {@code limit} unsettled items whose index ({@code position * trials +
     * trial}) is at least {@code fromIndex}, in index order, with the count of all unsettled items from there on.
     */
    @ActivityMethod
    UnscoredPage unscoredWorkPage(String cellId, int fromIndex, int limit);

    /** Records that an item could not be run for infrastructure reasons (not a model failure). */
    @ActivityMethod
    void recordInfraError(WorkItem item, String message);

    /**
     * Records that the endpoint refused the item's request by its nature (prompt longer than the context,
     * a request it cannot serve): status {@code rejected} with the endpoint's message; not a model failure
     * and not re-run by retry-errors.
     */
    @ActivityMethod
    void recordRejected(WorkItem item, String message);

    /**
     * Items of a cell whose model call was refused because a budget was reached and that still have no result: the
     * campaign re-runs them (a retry run of the cell) once it is resumed (docs/ledger.md).
     */
    @ActivityMethod
    int budgetDeferred(String cellId);

    /**
     * Records the state a cell reached ({@code CellStateRecord}: completed, stopped with its reason, paused, running,
     * cancelled) for the reports; the last write wins, so a retried call changes nothing.
     */
    @ActivityMethod
    void recordCellState(String cellId, String state, String reason);
}
