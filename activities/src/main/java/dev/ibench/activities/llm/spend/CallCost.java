package dev.ibench.activities.llm.spend;

import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.prompt.ModelProfile;

/**
 * Cost of one call in USD from the profile's prices per million tokens; null when the profile has no prices or the tokens
 * are unknown. Cached prompt tokens (part of the prompt tokens) cost {@code price_per_million_cached_input}; a profile
 * without that price charges them as new input, and {@link #cachedAtInputPrice} says how many were (the ledger keeps the
 * number, so status and reports can say that the cost is not the provider's cached rate).
 */
public final class CallCost {
    private CallCost() {}

    public static Double usd(ModelProfile profile, ModelResponse response) {
        if (response.tokensUnknown()) {
            return null;
        }
        return usd(profile, response.promptTokens(), response.completionTokens(), response.cachedPromptTokens());
    }

    /**
     * Cost of an answer returned by the Batch API: the profile's batch prices per million tokens, each falling back to
     * the normal price when the profile has none (docs/batch.md); null as {@link #usd(ModelProfile, ModelResponse)}.
     */
    public static Double batchUsd(ModelProfile profile, ModelResponse response) {
        return response.tokensUnknown() ? null : batchUsd(profile, response.promptTokens(), response.completionTokens());
    }

    /** The Batch API cost of so many tokens (as {@link #batchUsd(ModelProfile, ModelResponse)}); null without any price. */
    public static Double batchUsd(ModelProfile profile, long promptTokens, long completionTokens) {
        if (!profile.hasPrices() && profile.batchPricePerMillionInput() == null && profile.batchPricePerMillionOutput() == null) {
            return null;
        }
        double in = firstOf(profile.batchPricePerMillionInput(), profile.pricePerMillionInput());
        double out = firstOf(profile.batchPricePerMillionOutput(), profile.pricePerMillionOutput());
        return promptTokens / 1e6 * in + completionTokens / 1e6 * out;
    }

    /** Whether the profile states a price of its own for Batch API answers (else batch answers cost the normal price). */
    public static boolean hasBatchPrice(ModelProfile profile) {
        return profile.batchPricePerMillionInput() != null || profile.batchPricePerMillionOutput() != null;
    }

    private static double firstOf(Double batch, Double normal) {
        return batch != null ? batch : normal != null ? normal : 0;
    }

    public static Double usd(ModelProfile profile, long promptTokens, long completionTokens) {
        return usd(profile, promptTokens, completionTokens, 0);
    }

    /** {@code cachedPromptTokens} are counted inside {@code promptTokens}, as OpenAI-compatible servers report them. */
    public static Double usd(ModelProfile profile, long promptTokens, long completionTokens, long cachedPromptTokens) {
        if (!profile.hasPrices()) {
            return null;
        }
        double in = profile.pricePerMillionInput() == null ? 0 : profile.pricePerMillionInput();
        double out = profile.pricePerMillionOutput() == null ? 0 : profile.pricePerMillionOutput();
        double cachedIn = profile.pricePerMillionCachedInput() == null ? in : profile.pricePerMillionCachedInput();
        long cached = Math.min(Math.max(0, cachedPromptTokens), promptTokens);
        return (promptTokens - cached) / 1e6 * in + cached / 1e6 * cachedIn + completionTokens / 1e6 * out;
    }

    /** The cached prompt tokens of an answer charged at the new-input price because the profile states no cached-input price. */
    public static int cachedAtInputPrice(ModelProfile profile, ModelResponse response) {
        return profile.hasPrices() && profile.pricePerMillionCachedInput() == null && !response.tokensUnknown()
                ? response.cachedPromptTokens() : 0;
    }
}
