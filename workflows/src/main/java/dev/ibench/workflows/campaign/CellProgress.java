package dev.ibench.workflows.campaign;

/**
 * Answer of the cell progress query: counts of work items, not payloads. {@code rejected} counts items the
 * endpoint refused (e.g. prompt longer than the context), apart from {@code infraErrors}.
 */
public record CellProgress(
        String cellId,
        String model,
        String benchmark,
        String mode,
        CellState state,
        int total,
        int done,
        int completed,
        int infraErrors,
        int inFlight,
        int samplesInFlight,
        long startedAtMillis,
        long updatedAtMillis,
        int doneAtStart,
        String failure,
        int rejected) {

    /** Items per second in the current run (startedAt and doneAtStart reset at each continue-as-new). */
    public double rate() {
        double seconds = (updatedAtMillis - startedAtMillis) / 1000.0;
        return seconds <= 0 ? 0 : (done - doneAtStart) / seconds;
    }


    public double fraction() {
        return total == 0 ? 1.0 : (double) done / total;
    }
}
