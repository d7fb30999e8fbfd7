package dev.ibench.activities.campaign;

/**
 * What one work item contributed to its cell's progress. {@code infraError} items were not scored at
 * all (the model could not be reached) and can be re-run with {@code campaign retry-errors};
 * {@code rejected} items were refused by the endpoint (e.g. prompt longer than the context) and are
 * neither scored nor re-run. {@code rejected} is last so payloads written before it still read (as false).
 */
public record SampleOutcome(boolean infraError, boolean parsed, boolean completed, boolean rejected) {
    public SampleOutcome(boolean infraError, boolean parsed, boolean completed) {
        this(infraError, parsed, completed, false);
    }

    public static SampleOutcome infrastructureFailure() {
        return new SampleOutcome(true, false, false, false);
    }

    public static SampleOutcome rejection() {
        return new SampleOutcome(false, false, false, true);
    }
}
