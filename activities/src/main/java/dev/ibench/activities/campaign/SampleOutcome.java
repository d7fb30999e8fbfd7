package dev.ibench.activities.campaign;

/**
 * What one scored work item contributed to its cell's progress. {@code infraError} items were not
 * scored at all (the model could not be reached) and can be re-run with {@code campaign retry-errors}.
 */
public record SampleOutcome(boolean infraError, boolean parsed, boolean completed) {
    public static SampleOutcome infrastructureFailure() {
        return new SampleOutcome(true, false, false);
    }
}
