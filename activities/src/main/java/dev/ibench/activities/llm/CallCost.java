package dev.ibench.activities.llm;

import dev.ibench.core.prompt.ModelProfile;

/** Cost of one call in USD from the profile's prices per 1k tokens; null when the profile has no prices. */
public final class CallCost {
    private CallCost() {}

    public static Double usd(ModelProfile profile, ModelResponse response) {
        if (!profile.hasPrices()) {
            return null;
        }
        double in = profile.pricePer1kInput() == null ? 0 : profile.pricePer1kInput();
        double out = profile.pricePer1kOutput() == null ? 0 : profile.pricePer1kOutput();
        return response.promptTokens() / 1000.0 * in + response.completionTokens() / 1000.0 * out;
    }
}
