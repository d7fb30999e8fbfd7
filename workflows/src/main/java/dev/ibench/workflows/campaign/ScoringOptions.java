package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.SqlMode;
import dev.ibench.workflows.CellActivityOptions;
import io.temporal.activity.ActivityOptions;

/**
 * The options of a cell's scoring activities on {@code queue}: a sql cell since {@link CellVersions#CELL_STOP_RETURNS}
 * derives their limits from its query deadline ({@code sql_query_timeout_seconds}), every other cell takes the defaults.
 */
final class ScoringOptions {
    private ScoringOptions() {}

    /** Scoring one item. */
    static ActivityOptions item(CellRun run, String queue, String summary) {
        return sqlDeadlines(run) ? CellActivityOptions.sqlScoring(queue, summary, run.cell.sqlQueryTimeout())
                : CellActivityOptions.scoring(queue, summary);
    }

    /** Scoring a batch or sweep of up to {@code items} items. */
    static ActivityOptions batch(CellRun run, String queue, String summary, int items) {
        return sqlDeadlines(run) ? CellActivityOptions.sqlScoringBatch(queue, summary, run.cell.sqlQueryTimeout(), items)
                : CellActivityOptions.scoringBatch(queue, summary);
    }

    private static boolean sqlDeadlines(CellRun run) {
        return run.stopReturns && SqlMode.MODE.equals(run.cell.mode());
    }
}
