package dev.ibench.workers.campaign;

import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;

/**
 * Exit codes of the commands that wait for a campaign's end ({@code ibench demo}, {@code campaign start --wait};
 * docs/cli.md): the campaign ran to its end with every cell completed, ended with cells stopped or failed, the command
 * itself failed, or it gave up waiting for a worker.
 */
public final class CampaignExit {
    /** The campaign ended and every cell completed. */
    public static final int FINISHED = 0;
    /** The command failed (bad input, no server, an unexpected error); the message says what and where. */
    public static final int ERROR = 1;
    /** {@code campaign start --wait}: a task queue the campaign needs had no worker for too long; the campaign goes on. */
    public static final int NO_WORKER = 3;
    /** The campaign ended, but at least one cell was stopped or failed (the status block names it and why). */
    public static final int CELLS_STOPPED = 4;

    private CampaignExit() {}

    /** The exit code of a campaign's final status. */
    public static int of(CampaignStatus end) {
        boolean allCompleted = end.cells().stream().allMatch(c -> c.state() == CellState.COMPLETED);
        return end.state() == CellState.COMPLETED && allCompleted ? FINISHED : CELLS_STOPPED;
    }
}
