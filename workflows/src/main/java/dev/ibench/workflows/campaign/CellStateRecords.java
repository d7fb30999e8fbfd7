package dev.ibench.workflows.campaign;

import dev.ibench.activities.store.CellStateRecord;
import io.temporal.workflow.Workflow;

/**
 * The cell's state in the results store (since {@link CellVersions#CELL_STOP_RETURNS}), for the reports: each pause and
 * resume while it runs, then its end state (completed, stopped, cancelled), written last.
 */
final class CellStateRecords {
    private final CellRun run;
    /** The pause state last recorded, whether a pause record is in flight, and whether the run has ended. */
    private boolean recordedPaused;
    private boolean recordingState;
    private boolean ended;

    CellStateRecords(CellRun run) {
        this.run = run;
    }

    /** Records the cell's end state once no pause record is in flight, so the end state is the last one written. */
    void recordState(String state, String reason) {
        ended = true;
        Workflow.await(() -> !recordingState);
        run.planning.recordCellState(run.cell.cellId(), state, reason);
    }

    /** Records each pause and resume of the cell (a running campaign's report shows its paused cells as paused). */
    void recordPauses() {
        while (true) {
            Workflow.await(() -> ended || run.paused != recordedPaused);
            if (ended) {
                return;
            }
            recordedPaused = run.paused;
            recordingState = true;
            try {
                run.planning.recordCellState(run.cell.cellId(), run.paused ? CellStateRecord.PAUSED : CellStateRecord.RUNNING, null);
            } finally {
                recordingState = false;
            }
        }
    }
}
