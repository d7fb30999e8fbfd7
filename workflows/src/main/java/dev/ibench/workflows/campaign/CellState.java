package dev.ibench.workflows.campaign;

/** Where a cell (or a whole campaign) stands; shown in the IbenchState search attribute. */
public enum CellState {
    PLANNING, RUNNING, PAUSED, COMPLETED, FAILED
}
