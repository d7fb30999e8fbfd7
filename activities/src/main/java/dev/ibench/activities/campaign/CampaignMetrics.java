package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.CallResult;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.TimeUnit;

/** The campaign's own Prometheus meters (next to Temporal's SDK metrics on the worker's /metrics). */
final class CampaignMetrics {
    private final MeterRegistry meters;

    CampaignMetrics(MeterRegistry meters) {
        this.meters = meters;
    }

    void modelCall(String model, CallResult result) {
        meters.counter("ibench_model_calls_total", "model", model, "cache_hit", String.valueOf(result.cacheHit())).increment();
        meters.counter("ibench_model_tokens_total", "model", model, "kind", "prompt").increment(result.response().promptTokens());
        meters.counter("ibench_model_tokens_total", "model", model, "kind", "completion").increment(result.response().completionTokens());
        if (!result.cacheHit()) {
            meters.timer("ibench_model_latency", "model", model).record(result.response().latencyMillis(), TimeUnit.MILLISECONDS);
        }
    }

    void modelFailure(String model, String kind) {
        meters.counter("ibench_model_failures_total", "model", model, "kind", kind).increment();
    }

    void sampleScored(String model, String benchmark, boolean completed) {
        meters.counter("ibench_samples_scored_total", "model", model, "benchmark", benchmark, "completed", String.valueOf(completed))
                .increment();
    }

    void infraError() {
        meters.counter("ibench_samples_infra_error_total").increment();
    }

    void rejected() {
        meters.counter("ibench_samples_rejected_total").increment();
    }
}
