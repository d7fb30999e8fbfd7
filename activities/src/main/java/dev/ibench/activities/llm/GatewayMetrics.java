package dev.ibench.activities.llm;

import dev.ibench.activities.llm.admission.AimdLimiter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;

/**
 * Exposes a gateway's {@link GatewayStats} and its endpoint's concurrency limit as Micrometer meters
 * (tagged with profile and endpoint), for the worker's Prometheus {@code /metrics} endpoint.
 */
public final class GatewayMetrics {
    private GatewayMetrics() {}

    public static void bind(MeterRegistry registry, String profile, ModelGateway gateway) {
        Tags tags = Tags.of("profile", profile, "endpoint", gateway.client().endpoint());
        GatewayStats s = gateway.stats();
        FunctionCounter.builder("ibench_llm_calls", s, GatewayStats::calls).tags(tags).register(registry);
        FunctionCounter.builder("ibench_llm_cache_hits", s, GatewayStats::cacheHits).tags(tags).register(registry);
        FunctionCounter.builder("ibench_llm_provider_attempts", s, GatewayStats::providerAttempts).tags(tags).register(registry);
        FunctionCounter.builder("ibench_llm_retries", s, GatewayStats::retries).tags(tags).register(registry);
        FunctionCounter.builder("ibench_llm_failures", s, GatewayStats::failures).tags(tags).register(registry);
        FunctionCounter.builder("ibench_llm_prompt_tokens", s, GatewayStats::promptTokens).tags(tags).register(registry);
        FunctionCounter.builder("ibench_llm_completion_tokens", s, GatewayStats::completionTokens).tags(tags).register(registry);
        FunctionCounter.builder("ibench_llm_cost_usd", s, GatewayStats::costUsd).tags(tags).register(registry);
        Gauge.builder("ibench_llm_concurrency_limit", gateway.limiter(), AimdLimiter::currentLimit).tags(tags).register(registry);
        Gauge.builder("ibench_llm_in_flight", gateway.limiter(), AimdLimiter::inFlight).tags(tags).register(registry);
    }
}
