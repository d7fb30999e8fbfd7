package dev.ibench.activities.campaign;

/**
 * Why one item of a batch did not get through: {@code type} is the failure type its own activity would have raised
 * ({@link FailureTypes#ENDPOINT_REJECTED}, {@link FailureTypes#SAMPLE_REJECTED}, or another, retryable or not), and
 * {@code message} the failure's own message (credential-free). Items of any other type go through the per-item path
 * again, which retries them and classifies them exactly as a single item is classified.
 */
public record ItemFailure(int index, String type, String message) {
    public boolean endpointRejected() {
        return FailureTypes.ENDPOINT_REJECTED.equals(type);
    }

    public boolean sampleRejected() {
        return FailureTypes.SAMPLE_REJECTED.equals(type);
    }

    /** Refused because a budget was reached: recording it defers the item (recognised by its message, as recordInfraError does). */
    public boolean budgetRefused() {
        return dev.ibench.activities.spend.BudgetRefusal.is(message);
    }
}
