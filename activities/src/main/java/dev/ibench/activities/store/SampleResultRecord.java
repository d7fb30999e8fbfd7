package dev.ibench.activities.store;

/**
 * The outcome of one sample's trial: {@code scored} with the per-sample score as JSON, or
 * {@code infra_error} with the error (never counted as a model failure, re-runnable by command).
 */
public record SampleResultRecord(
        String cellId, String sampleId, int trial, String status, Boolean completed, String scoreJson, String error) {

    public static final String SCORED = "scored";
    public static final String INFRA_ERROR = "infra_error";

    public boolean isInfraError() {
        return INFRA_ERROR.equals(status);
    }
}
