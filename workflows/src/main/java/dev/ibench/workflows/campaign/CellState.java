package dev.ibench.workflows.campaign;

/**
 * Where a cell (or a whole campaign) stands; shown in the IbenchState search attribute. {@code PAUSED_BUDGET}: a
 * campaign paused because a budget was reached (docs/ledger.md); resumed by {@code campaign resume --budget}.
 * {@code STOPPED}: a cell that ended early for a reason of its endpoint (it rejected us, or rejected more items than
 * {@code max_rejected_share} allows); the campaign goes on and ends COMPLETED with the stopped cells named.
 * {@code FAILED}: a cell whose workflow failed (before the {@code cell-stop-returns} marker, also a stopped cell).
 */
public enum CellState {
    PLANNING, RUNNING, PAUSED, COMPLETED, FAILED, PAUSED_BUDGET, STOPPED
}
