package dev.ibench.activities.store;

/**
 * The outcome of one sample's trial: {@code scored} with the per-sample score as JSON,
 * {@code infra_error} with the error (never counted as a model failure, re-runnable by command), or
 * {@code rejected} with the endpoint's message (the model refuses this request by its nature, e.g. a
 * prompt longer than its context: neither a model failure nor worth re-running).
 */
public record SampleResultRecord(
        String cellId, String sampleId, int trial, String status, Boolean completed, String scoreJson, String error) {

    public static final String SCORED = "scored";
    public static final String INFRA_ERROR = "infra_error";
    public static final String REJECTED = "rejected";

    public boolean isInfraError() {
        return INFRA_ERROR.equals(status);
    }

    public boolean isRejected() {
        return REJECTED.equals(status);
    }

    /** Scored or rejected: running the item again cannot change its outcome, so retry-errors leaves it alone. */
    public boolean isSettled() {
        return SCORED.equals(status) || REJECTED.equals(status);
    }
}
