package dev.ibench.activities.spend;

/**
 * How a request refused for budget is recognised downstream: the failure message starts with {@link #PREFIX}, so
 * recording the item's failure defers it (no infra_error, no score) instead (docs/ledger.md).
 */
public final class BudgetRefusal {
    public static final String PREFIX = "budget reached: ";
    /** Failure type of an activity refused for budget (non-retryable: retrying before the budget is raised cannot help). */
    public static final String FAILURE_TYPE = "ModelCall.BUDGET_EXHAUSTED";

    private BudgetRefusal() {}

    public static boolean is(String failureMessage) {
        return failureMessage != null && failureMessage.contains(PREFIX);
    }
}
