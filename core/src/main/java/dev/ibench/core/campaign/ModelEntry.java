package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One model of a campaign: a profile (prompt family, mode, parser chain) reached at an endpoint, optionally under
 * another model name there ({@code model}, e.g. the name a vLLM server serves). {@code apiKeyEnv} names the
 * environment variable holding the key; the key itself never enters the spec. {@code concurrency} bounds the calls in
 * flight and wins over the profile's {@code max_concurrency}. {@code pricePerMillionInput/Output} override the profile's
 * prices (USD per million tokens) for the ledger; {@code budget} limits this model's spending in the campaign.
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
        @JsonProperty("tokens_per_minute") Integer tokensPerMinute) {

    public int concurrencyOrDefault() {
        return concurrency == null ? 4 : concurrency;
    }
}
