package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.CampaignPlanningActivities;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.WorkItem;
import dev.ibench.workflows.CellActivityOptions;
import dev.ibench.workflows.visibility.IbenchSearchAttributes;
import io.temporal.activity.ActivityOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Function;

/**
 * What every mode of one cell run shares: the cell, its counts and window ({@code samplesInFlight} slots, {@code inFlight}
 * taken), the pause flag the signals set, the items waiting for the per-item path, why the cell stopped, and the progress
 * it publishes (state and whole percent as search attributes, the progress table and queue waits as the UI's details).
 */
final class CellRun {
    /** The wait before the first check when the plan has no {@code no_worker_check_seconds} (plans recorded before it). */
    static final int DEFAULT_NO_WORKER_CHECK_SECONDS = 60;

    final CampaignPlanningActivities planning =
            Workflow.newActivityStub(CampaignPlanningActivities.class, CellActivityOptions.planning());
    final CellInput input;
    final CellPlanEntry cell;
    final CellCounts counts;
    final CellStateRecords records = new CellStateRecords(this);
    /** Items no batch settled, run one by one through the per-item path (window slots apply). */
    final Deque<WorkItem> perItem = new ArrayDeque<>();
    /** Since {@link CellVersions#CELL_STOP_RETURNS}. */
    final boolean stopReturns;
    private final int doneAtStart;
    private final long startedAt;
    private long updatedAt;
    /** Null in runs recorded before {@link CellVersions#QUEUE_WAITS}. */
    private QueueWaits queueWaits;
    private CellState state = CellState.PLANNING;
    private int publishedPercent = -1;
    int total;
    int nextIndex;
    int inFlight;
    int samplesInFlight;
    boolean paused;
    /** Set once the cell stops (with the cell id); null while it runs. */
    String failure;
    /** Why the cell stopped (the endpoint's refusal, or the rejected share), without the cell id; null while it runs. */
    String stopReason;

    CellRun(CellInput input) {
        this.input = input;
        this.cell = input.cell();
        CellCursor cursor = input.cursor();
        nextIndex = cursor.nextIndex();
        counts = new CellCounts(cursor);
        doneAtStart = counts.done;
        paused = cursor.paused();
        samplesInFlight = input.samplesInFlight();
        startedAt = Workflow.currentTimeMillis();
        updatedAt = startedAt;
        if (Workflow.getVersion(CellVersions.QUEUE_WAITS, Workflow.DEFAULT_VERSION, 1) >= 1) {
            int check = cell.noWorkerCheckSeconds() == null ? DEFAULT_NO_WORKER_CHECK_SECONDS : cell.noWorkerCheckSeconds();
            queueWaits = new QueueWaits(Duration.ofSeconds(check), () -> Workflow.setCurrentDetails(details()));
        }
        stopReturns = Workflow.getVersion(CellVersions.CELL_STOP_RETURNS, Workflow.DEFAULT_VERSION, 1) >= 1;
    }

    WorkItem itemAt(int index) {
        return new WorkItem(cell.cellId(), index / cell.trials(), index % cell.trials());
    }

    CellCursor cursor() {
        return counts.cursor(nextIndex, paused);
    }

    /** The activity {@code call} with {@code options}, bounded and named in the details while it waits for a worker. */
    <R> R waitingFor(String taskQueue, ActivityOptions options, Function<ActivityOptions, R> call) {
        return queueWaits == null ? call.apply(options) : queueWaits.call(taskQueue, options, call);
    }

    void stop(String reason) {
        if (failure == null) {
            failure = "cell " + cell.cellId() + " stopped: " + reason;
            stopReason = reason;
        }
    }

    /** The state a mode starts its work in. */
    void startRunning() {
        setState(paused ? CellState.PAUSED : CellState.RUNNING);
    }

    CellState state() {
        return state;
    }

    void setState(CellState newState) {
        state = newState;
        Workflow.upsertTypedSearchAttributes(
                IbenchSearchAttributes.CAMPAIGN_ID.valueSet(input.campaignId()),
                IbenchSearchAttributes.MODEL.valueSet(cell.model()),
                IbenchSearchAttributes.BENCHMARK.valueSet(cell.benchmark()),
                IbenchSearchAttributes.STATE.valueSet(newState.name()),
                IbenchSearchAttributes.PROGRESS.valueSet(percent() / 100.0));
        publishedPercent = percent();
        Workflow.setCurrentDetails(details());
    }

    /** Marks the progress updated now and publishes it. */
    void updated() {
        updatedAt = Workflow.currentTimeMillis();
        publishProgress();
    }

    /**
     * Search attributes are history events, so progress (a fraction, 0.0 to 1.0) is upserted only
     * when it crosses a whole percent.
     */
    void publishProgress() {
        int now = percent();
        if (now != publishedPercent) {
            publishedPercent = now;
            Workflow.upsertTypedSearchAttributes(IbenchSearchAttributes.PROGRESS.valueSet(now / 100.0));
        }
        Workflow.setCurrentDetails(details());
    }

    private int percent() {
        return total == 0 ? 100 : (int) (100L * counts.done / total);
    }

    /** The UI's current details: the progress table, and any queue the cell's work waits on. */
    private String details() {
        return ProgressMarkdown.cell(progress()) + (queueWaits == null ? "" : queueWaits.markdown());
    }

    CellProgress progress() {
        return new CellProgress(cell.cellId(), cell.model(), cell.benchmark(), cell.mode(), state, total, counts.done,
                counts.completed, counts.infraErrors, inFlight, samplesInFlight, startedAt, updatedAt, doneAtStart, failure,
                counts.rejected, counts.promptTokens, counts.completionTokens, counts.costUsd, counts.tokensUnknownCalls);
    }
}
