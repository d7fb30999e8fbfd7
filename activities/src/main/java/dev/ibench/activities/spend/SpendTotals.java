package dev.ibench.activities.spend;

/**
 * What a campaign, model or cell spent according to the ledger: provider attempts (failed ones among them), cache
 * hits, tokens of every attempt, cost in USD (null when no entry had prices) and the summed latency of the attempts.
 * {@code tokensUnknownAnswers}: answered attempts whose tokens are unknown (no usage block, no tokenizer); their tokens
 * and cost are in neither sum, so while it is above 0 the tokens and cost are lower bounds ({@code tokens unknown}).
 * {@code reasoningTokens} is the part of {@code completionTokens} the servers reported as reasoning,
 * {@code cachedPromptTokens} the part of {@code promptTokens} they read from their prompt cache, and
 * {@code cachedAtInputPrice} those cached tokens charged at the new-input price (no cached-input price in the profile).
 */
public record SpendTotals(long attempts, long failedAttempts, long cacheHits, long promptTokens, long completionTokens,
                          Double costUsd, long latencyMs, long tokensUnknownAnswers, long reasoningTokens, long cachedPromptTokens,
                          long cachedAtInputPrice) {
    public static final SpendTotals NONE = new SpendTotals(0, 0, 0, 0, 0, null, 0);

    /** Totals without cached prompt tokens. */
    public SpendTotals(long attempts, long failedAttempts, long cacheHits, long promptTokens, long completionTokens, Double costUsd,
                       long latencyMs, long tokensUnknownAnswers, long reasoningTokens) {
        this(attempts, failedAttempts, cacheHits, promptTokens, completionTokens, costUsd, latencyMs, tokensUnknownAnswers,
                reasoningTokens, 0, 0);
    }

    /** Totals with every answer's tokens known and no reasoning tokens. */
    public SpendTotals(long attempts, long failedAttempts, long cacheHits, long promptTokens, long completionTokens, Double costUsd,
                       long latencyMs) {
        this(attempts, failedAttempts, cacheHits, promptTokens, completionTokens, costUsd, latencyMs, 0, 0, 0, 0);
    }

    public long tokens() {
        return promptTokens + completionTokens;
    }

    public double costOrZero() {
        return costUsd == null ? 0 : costUsd;
    }
}
