package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One model of a campaign: a profile (prompt family, mode, parser chain) reached at an endpoint, optionally under
 * another model name there ({@code model}, e.g. the name a vLLM server serves). {@code apiKeyEnv} names the
 * environment variable holding the key; the key itself never enters the spec. {@code concurrency} bounds the calls in
 * flight and wins over the profile's {@code max_concurrency}. {@code pricePerMillionInput/Output} override the profile's
 * prices (USD per million tokens) for the ledger, {@code pricePerMillionCachedInput} the profile's price of cached prompt
 * tokens; {@code budget} limits this model's spending in the campaign.
 * {@code batch: true} sends the model's direct and sql cells through the provider's OpenAI-format Batch API
 * (docs/batch.md), with {@code batch_settings} (null: the defaults of {@link BatchSettings}).
 * {@code ratePerSecond} (requests) and {@code tokensPerMinute} (prompt + completion tokens) limit what every worker
 * together sends to the endpoint (docs/campaigns.md, Rate limits).
 */
public record ModelEntry(
        @JsonProperty("name") String name,
        @JsonProperty("profile") String profile,
        @JsonProperty("endpoint") String endpoint,
        @JsonProperty("api_key_env") String apiKeyEnv,
        @JsonProperty("concurrency") Integer concurrency,
        @JsonProperty("rate_per_second") Double ratePerSecond,
        @JsonProperty("model") String model,
        @JsonProperty("price_per_million_input") Double pricePerMillionInput,
        @JsonProperty("price_per_million_output") Double pricePerMillionOutput,
        @JsonProperty("budget") Budget budget,
        @JsonProperty("price_per_million_cached_input") Double pricePerMillionCachedInput,
        @JsonProperty("batch") Boolean batch,
        @JsonProperty("batch_settings") BatchSettings batchSettings,
        @JsonProperty("tokens_per_minute") Integer tokensPerMinute) {

    public ModelEntry(String name, String profile, String endpoint, String apiKeyEnv, Integer concurrency, Double ratePerSecond,
                      String model, Double pricePerMillionInput, Double pricePerMillionOutput, Budget budget) {
        this(name, profile, endpoint, apiKeyEnv, concurrency, ratePerSecond, model, pricePerMillionInput, pricePerMillionOutput, budget,
                null, null, null, null);
    }

    public ModelEntry(String name, String profile, String endpoint, String apiKeyEnv, Integer concurrency, Double ratePerSecond,
                      String model, Double pricePerMillionInput, Double pricePerMillionOutput, Budget budget, Double pricePerMillionCachedInput) {
        this(name, profile, endpoint, apiKeyEnv, concurrency, ratePerSecond, model, pricePerMillionInput, pricePerMillionOutput, budget,
                pricePerMillionCachedInput, null, null, null);
    }

    public ModelEntry(String name, String profile, String endpoint, String apiKeyEnv, Integer concurrency, Double ratePerSecond,
                      String model, Double pricePerMillionInput, Double pricePerMillionOutput, Budget budget, Boolean batch,
                      BatchSettings batchSettings) {
        this(name, profile, endpoint, apiKeyEnv, concurrency, ratePerSecond, model, pricePerMillionInput, pricePerMillionOutput, budget,
                null, batch, batchSettings, null);
    }

    /** Whether the entry asks for the Batch API ({@code batch: true}). */
    public boolean batched() {
        return Boolean.TRUE.equals(batch);
    }

    /** The entry's batch settings, the defaults where it gave none. */
    public BatchSettings batchSettingsOrDefault() {
        return batchSettings == null ? BatchSettings.DEFAULTS : batchSettings;
    }

    public int concurrencyOrDefault() {
        return concurrency == null ? 4 : concurrency;
    }
}
