package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.FailureTypes;
import dev.ibench.activities.store.CellStateRecord;
import io.temporal.failure.ApplicationFailure;
import io.temporal.workflow.Workflow;

/**
 * How a cell run ends once its mode drained its window: stopped, continued as new with its cursor (before its history
 * grows large), or completed.
 */
final class CellEnd {
    /** Continue-as-new well before Temporal's own limits and our 10,000-event budget per run. */
    static final int HISTORY_EVENTS_BEFORE_CONTINUE = 6000;

    private CellEnd() {}

    static boolean historyIsLarge() {
        return Workflow.getInfo().isContinueAsNewSuggested() || Workflow.getInfo().getHistoryLength() > HISTORY_EVENTS_BEFORE_CONTINUE;
    }

    /**
     * The end of a drained run: stopped if the cell stopped, else continued as new (a retry run when
     * {@code retryOnly}) when {@code more} is left, else completed.
     */
    static CellProgress after(CellRun run, boolean more, boolean retryOnly) {
        if (run.failure != null) {
            return stopped(run);
        }
        if (more) {
            Workflow.continueAsNew(new CellInput(run.input.campaignId(), run.cell, run.samplesInFlight, retryOnly,
                    run.cursor(), run.input.react()));
        }
        return completed(run);
    }

    /**
     * The end of a stopped cell: since {@link CellVersions#CELL_STOP_RETURNS} its state (STOPPED) and reason are recorded
     * and returned; before it the workflow failed with {@code CellStopped}.
     */
    private static CellProgress stopped(CellRun run) {
        if (!run.stopReturns) {
            run.setState(CellState.FAILED);
            throw ApplicationFailure.newNonRetryableFailure(run.failure, FailureTypes.CELL_STOPPED);
        }
        run.setState(CellState.STOPPED);
        run.records.recordState(CellStateRecord.STOPPED, run.stopReason);
        return run.progress();
    }

    private static CellProgress completed(CellRun run) {
        run.setState(CellState.COMPLETED);
        if (run.stopReturns) {
            run.records.recordState(CellStateRecord.COMPLETED, null);
        }
        return run.progress();
    }
}
