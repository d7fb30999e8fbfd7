package dev.ibench.activities.campaign;

/**
 * What one work item contributed to its cell's progress. {@code infraError} items were not scored at
 * all (the model could not be reached) and can be re-run with {@code campaign retry-errors};
 * {@code rejected} items were refused by the endpoint (e.g. prompt longer than the context) and are
 * neither scored nor re-run. {@code completed}: the answer did the task (its calls executed to the gold answer; for a
 * BFCL sample, which has nothing to execute, BFCL's AST check passed). {@code rejected} is last so payloads written before it still read (as false).
 * The tokens and {@code costUsd} are what a ReACT trajectory's model steps paid (cache hits and steps stored before
 * count 0; cost null when no paid step had a price); a direct item's spend is in its model call's result instead,
 * so scoring outcomes carry 0 and null, as do payloads written before these fields. {@code tokensUnknownCalls}: the
 * paid steps whose tokens are unknown (no usage block, no tokenizer), left out of the tokens and cost (0 in payloads
 * written before it).
 */
public record SampleOutcome(boolean infraError, boolean parsed, boolean completed, boolean rejected,
                            long promptTokens, long completionTokens, Double costUsd, long tokensUnknownCalls) {
    /** A scored item's outcome, before any spend is added ({@link #withSpend}). */
    public static SampleOutcome scored(boolean parsed, boolean completed) {
        return new SampleOutcome(false, parsed, completed, false, 0, 0, null, 0);
    }

    public static SampleOutcome infrastructureFailure() {
        return new SampleOutcome(true, false, false, false, 0, 0, null, 0);
    }

    public static SampleOutcome rejection() {
        return new SampleOutcome(false, false, false, true, 0, 0, null, 0);
    }

    /** This outcome with the spend of the model calls that produced it, {@code tokensUnknownCalls} of them without usage. */
    public SampleOutcome withSpend(long promptTokens, long completionTokens, Double costUsd, long tokensUnknownCalls) {
        return new SampleOutcome(infraError, parsed, completed, rejected, promptTokens, completionTokens, costUsd, tokensUnknownCalls);
    }
}
