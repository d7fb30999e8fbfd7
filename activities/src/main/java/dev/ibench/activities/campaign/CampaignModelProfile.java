package dev.ibench.activities.campaign;

import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;

/**
 * The profile a campaign's model runs with: the named profile with the entry's endpoint, key variable, model name and
 * concurrency applied, its prices (cached-input and batch prices too) overridden by the entry's, and the campaign's {@code decoding:} temperature,
 * max_tokens and reasoning_effort over the profile's. Workers call models with it; {@code campaign plan} estimates with it.
 */
public final class CampaignModelProfile {
    private CampaignModelProfile() {}

    /** @throws IllegalArgumentException an unknown profile, or a reasoning effort the profile cannot take (the message says which) */
    public static ModelProfile of(ProfileCatalog profiles, CampaignSpec spec, ModelEntry entry) {
        ModelProfile profile = reachedAt(profiles.resolve(entry.profile()), entry.endpoint(), entry.apiKeyEnv(), entry.model());
        if (entry.concurrency() != null) {
            profile = profile.withMaxConcurrency(entry.concurrency());
        }
        if (entry.pricePerMillionInput() != null || entry.pricePerMillionOutput() != null) {
            profile = profile.withPrices(entry.pricePerMillionInput(), entry.pricePerMillionOutput());
        }
        profile = profile.withCachedInputPrice(entry.pricePerMillionCachedInput());
        if (entry.batched() && entry.batchSettings() != null) {
            profile = profile.withBatchPrices(entry.batchSettings().pricePerMillionInput(), entry.batchSettings().pricePerMillionOutput());
        }
        DecodingOverrides decoding = spec.decoding();
        if (decoding.temperature() != null || decoding.maxTokens() != null) {
            profile = profile.withDecoding(decoding.maxTokens() != null ? decoding.maxTokens() : profile.maxTokens(),
                    decoding.temperature() != null ? decoding.temperature() : profile.temperature());
        }
        if (decoding.reasoningEffort() != null) {
            profile = profile.withReasoningEffort(decoding.reasoningEffort()).validated(entry.profile() + " with the campaign's decoding.reasoning_effort");
        }
        return profile;
    }

    /** The profile at another endpoint, with another key variable, under another served model name (null: the profile's). */
    static ModelProfile reachedAt(ModelProfile profile, String endpoint, String apiKeyEnv, String model) {
        ModelProfile p = profile;
        if (endpoint != null) {
            p = p.withBaseUrl(endpoint);
        }
        if (apiKeyEnv != null) {
            p = p.withApiKeyEnv(apiKeyEnv);
        }
        if (model != null) {
            p = p.withModel(model);
        }
        return p;
    }
}
