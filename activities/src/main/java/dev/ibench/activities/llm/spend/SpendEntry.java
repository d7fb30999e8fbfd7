package dev.ibench.activities.llm.spend;

/**
 * One line of the spend ledger: one provider attempt (successful or failed) or one cache hit. {@code outcome} is
 * {@link #OK}, {@link #FAILED} or {@link #CACHE_HIT}; {@code errorKind} names the failure (null otherwise).
 * {@code costUsd} is null when the profile has no prices or the answer's tokens are unknown, 0 for cache hits and
 * failed attempts. {@code tokensUnknown}: the answer came without a usage block and no tokenizer counted it, so its
 * token counts are 0 and mean "not known" ({@code tokens unknown} in status and reports; docs/ledger.md).
 * {@code reasoningTokens} are the reasoning tokens the server reported, already counted in {@code completionTokens}
 * (OpenAI's {@code usage.completion_tokens_details.reasoning_tokens}), so budgets include them.
 * {@code cachedPromptTokens} are the prompt tokens the server read from its prompt cache, already counted in
 * {@code promptTokens}; {@code cachedAtInputPrice} those of them charged at the new-input price because the profile
 * states no {@code price_per_million_cached_input} (0 otherwise, and when the profile has no prices at all).
 */
public record SpendEntry(String campaignId, String cellId, String model, String endpoint, String sampleId, int trial,
                         int attempt, String outcome, String errorKind, int promptTokens, int completionTokens,
                         long latencyMs, Double costUsd, boolean tokensUnknown, int reasoningTokens, int cachedPromptTokens,
                         int cachedAtInputPrice) {
    /** An entry without cached prompt tokens. */
    public SpendEntry(String campaignId, String cellId, String model, String endpoint, String sampleId, int trial, int attempt,
                      String outcome, String errorKind, int promptTokens, int completionTokens, long latencyMs, Double costUsd,
                      boolean tokensUnknown, int reasoningTokens) {
        this(campaignId, cellId, model, endpoint, sampleId, trial, attempt, outcome, errorKind, promptTokens, completionTokens,
                latencyMs, costUsd, tokensUnknown, reasoningTokens, 0, 0);
    }

    /** An entry whose token counts are known, without reasoning tokens. */
    public SpendEntry(String campaignId, String cellId, String model, String endpoint, String sampleId, int trial, int attempt,
                      String outcome, String errorKind, int promptTokens, int completionTokens, long latencyMs, Double costUsd) {
        this(campaignId, cellId, model, endpoint, sampleId, trial, attempt, outcome, errorKind, promptTokens, completionTokens,
                latencyMs, costUsd, false, 0, 0, 0);
    }

    public static final String OK = "ok";
    public static final String FAILED = "failed";
    public static final String CACHE_HIT = "cache_hit";

    public long tokens() {
        return (long) promptTokens + completionTokens;
    }
}
