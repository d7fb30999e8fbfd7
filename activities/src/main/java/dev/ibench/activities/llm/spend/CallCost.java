package dev.ibench.activities.llm.spend;

import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.prompt.ModelProfile;

/** Cost of one call in USD from the profile's prices per million tokens; null when the profile has no prices or the tokens are unknown. */
public final class CallCost {
    private CallCost() {}

    public static Double usd(ModelProfile profile, ModelResponse response) {
        if (response.tokensUnknown()) {
            return null;
        }
        return usd(profile, response.promptTokens(), response.completionTokens());
    }

    /**
     * Cost of an answer returned by the Batch API: the profile's batch prices per million tokens, each falling back to
     * the normal price when the profile has none (docs/batch.md); null as {@link #usd(ModelProfile, ModelResponse)}.
     */
    public static Double batchUsd(ModelProfile profile, ModelResponse response) {
        if (response.tokensUnknown() || !profile.hasPrices() && profile.batchPricePerMillionInput() == null
                && profile.batchPricePerMillionOutput() == null) {
            return null;
        }
        double in = firstOf(profile.batchPricePerMillionInput(), profile.pricePerMillionInput());
        double out = firstOf(profile.batchPricePerMillionOutput(), profile.pricePerMillionOutput());
        return response.promptTokens() / 1e6 * in + response.completionTokens() / 1e6 * out;
    }

    private static double firstOf(Double batch, Double normal) {
        return batch != null ? batch : normal != null ? normal : 0;
    }

    public static Double usd(ModelProfile profile, long promptTokens, long completionTokens) {
        if (!profile.hasPrices()) {
            return null;
        }
        double in = profile.pricePerMillionInput() == null ? 0 : profile.pricePerMillionInput();
        double out = profile.pricePerMillionOutput() == null ? 0 : profile.pricePerMillionOutput();
        return promptTokens / 1e6 * in + completionTokens / 1e6 * out;
    }
}
