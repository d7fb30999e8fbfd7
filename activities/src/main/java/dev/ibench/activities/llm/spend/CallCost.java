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

    public static Double usd(ModelProfile profile, long promptTokens, long completionTokens) {
        if (!profile.hasPrices()) {
            return null;
        }
        double in = profile.pricePerMillionInput() == null ? 0 : profile.pricePerMillionInput();
        double out = profile.pricePerMillionOutput() == null ? 0 : profile.pricePerMillionOutput();
        return promptTokens / 1e6 * in + completionTokens / 1e6 * out;
    }
}
