package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.CellPlanEntry;
import io.temporal.workflow.Workflow;

/**
 * When a cell stops for its rejections: an endpoint that refuses most requests (an unsupported parameter, a payload
 * limit) would otherwise yield a cell whose results are mostly rejections, so past the campaign's
 * {@code max_rejected_share} the cell stops. (The endpoint's refusal of a request itself stops it at once:
 * {@link CellRun#stop}.)
 */
final class CellStopRules {
    private CellStopRules() {}

    /**
     * Stops the cell once more than its share of items were rejected; since {@link CellVersions#CELL_STOP_RETURNS} only
     * once {@code min_settled_before_stop} items settled, so a small cell (1 rejected of 1) or an early run of long
     * prompts does not stop it.
     */
    static void stopIfTooManyRejected(CellRun run, String lastReason) {
        CellPlanEntry cell = run.cell;
        Double share = cell.maxRejectedShare();
        int rejected = run.counts.rejected;
        int done = run.counts.done;
        if (run.failure == null && share != null && rejected > share * cell.workItems()
                && (!run.stopReturns || done >= cell.minSettled())
                && Workflow.getVersion(CellVersions.REJECTED_SHARE_STOP, Workflow.DEFAULT_VERSION, 1) >= 1) {
            run.stop(rejected + " of " + cell.workItems() + " items were rejected by the endpoint, more than max_rejected_share "
                    + share + (run.stopReturns ? " (after " + done + " settled items)" : "") + "; last: " + lastReason);
        }
    }

    /**
     * The rejections a model-call batch of {@code count} items may meet before it stops starting items: unbounded for a
     * batch that cannot bring the cell to {@code min_settled_before_stop} settled items (it never stops for them).
     */
    static int rejectionsBeforeStop(CellRun run, int count) {
        CellPlanEntry cell = run.cell;
        boolean mayStop = cell.maxRejectedShare() != null && (!run.stopReturns || run.counts.done + count >= cell.minSettled());
        return !mayStop ? Integer.MAX_VALUE
                : Math.max(0, (int) Math.floor(cell.maxRejectedShare() * cell.workItems()) - run.counts.rejected);
    }
}
