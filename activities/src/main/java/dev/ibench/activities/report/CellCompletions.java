package dev.ibench.activities.report;

/**
 * How many scored items of the current cell completed. ReACT and sql cells always judge completion, and so does a
 * direct cell whose scorer has an executor: 0 before any item is scored. Items without a completion result (BFCL's
 * AST categories, a database missing here) do not count; a cell whose scored items all lack one has none (null).
 */
final class CellCompletions {
    private final boolean judged;
    private int completed;
    private boolean anyJudged;
    private boolean anyUnjudged;

    CellCompletions(boolean judged) {
        this.judged = judged;
    }

    void add(Boolean itemCompleted) {
        if (itemCompleted == null) {
            anyUnjudged = true;
            return;
        }
        anyJudged = true;
        completed += itemCompleted ? 1 : 0;
    }

    Integer count() {
        return anyJudged || (judged && !anyUnjudged) ? Integer.valueOf(completed) : null;
    }
}
