package dev.ibench.workflows.campaign;

/** Answer of the cell progress query: counts of work items, not payloads. */
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
        String failure) {

    public double fraction() {
        return total == 0 ? 1.0 : (double) done / total;
    }
}
