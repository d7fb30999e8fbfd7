package dev.ibench.workflows.campaign;

/**
 * Where a cell (or a whole campaign) stands; shown in the IbenchState search attribute. {@code PAUSED_BUDGET}: a
 * campaign paused because a budget was reached (docs/ledger.md); resumed by {@code campaign resume --budget}.
 */
public enum CellState {
    PLANNING, RUNNING, PAUSED, COMPLETED, FAILED, PAUSED_BUDGET
}
