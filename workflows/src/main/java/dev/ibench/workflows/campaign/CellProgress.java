package dev.ibench.workflows.campaign;

/**
 * Answer of the cell progress query: counts of work items, not payloads. {@code rejected} counts items the
 * endpoint refused (e.g. prompt longer than the context), apart from {@code infraErrors}. The spend is what the cell's
 * model calls paid (direct calls and ReACT trajectories), over every run of the cell: tokens, and cost in USD (null while no paid call had a price).
 * {@code tokensUnknownCalls}: paid calls whose server reported no usage (and no tokenizer counted them); their tokens
 * and cost are in neither sum, so while it is above 0 the tokens and cost are lower bounds, never "0 tokens" for
 * calls nobody counted ({@link dev.ibench.workflows.SpendText}). Answers recorded before it read as 0.
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
        int rejected,
        long promptTokens,
        long completionTokens,
        Double costUsd,
        long tokensUnknownCalls) {

    /** A progress without unknown-token calls. */
    public CellProgress(String cellId, String model, String benchmark, String mode, CellState state, int total, int done,
                        int completed, int infraErrors, int inFlight, int samplesInFlight, long startedAtMillis,
                        long updatedAtMillis, int doneAtStart, String failure, int rejected, long promptTokens,
                        long completionTokens, Double costUsd) {
        this(cellId, model, benchmark, mode, state, total, done, completed, infraErrors, inFlight, samplesInFlight,
                startedAtMillis, updatedAtMillis, doneAtStart, failure, rejected, promptTokens, completionTokens, costUsd, 0);
    }

    /** A progress without spend (results recorded before it existed read as 0 tokens and no cost). */
    public CellProgress(String cellId, String model, String benchmark, String mode, CellState state, int total, int done,
                        int completed, int infraErrors, int inFlight, int samplesInFlight, long startedAtMillis,
                        long updatedAtMillis, int doneAtStart, String failure, int rejected) {
        this(cellId, model, benchmark, mode, state, total, done, completed, infraErrors, inFlight, samplesInFlight,
                startedAtMillis, updatedAtMillis, doneAtStart, failure, rejected, 0, 0, null);
    }

    public long tokens() {
        return promptTokens + completionTokens;
    }

    /** The spend as the UI and {@code campaign status} show it, e.g. {@code 1,500 tokens (+ 3 calls with unknown usage) · at least $0.0060}. */
    public String spendText() {
        return dev.ibench.workflows.SpendText.of(tokens(), costUsd, tokensUnknownCalls);
    }

    /** Items per second in the current run (startedAt and doneAtStart reset at each continue-as-new). */
    public double rate() {
        double seconds = (updatedAtMillis - startedAtMillis) / 1000.0;
        return seconds <= 0 ? 0 : (done - doneAtStart) / seconds;
    }


    /**
     * Items in flight as progress views show them: at most the items left. The cell counts a window batch's slots,
     * which for the last items of a cell (or a cell smaller than its window) are more than the items the batch holds.
     */
    public int inFlightShown() {
        return Math.max(0, Math.min(inFlight, total - done));
    }

    public double fraction() {
        return total == 0 ? 1.0 : (double) done / total;
    }
}
