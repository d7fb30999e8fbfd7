package dev.ibench.bench;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Issue 33: where a model call's time goes between the client and the fake endpoint, WITHOUT Temporal. {@code threads}
 * threads call the product's model path in a loop for {@code seconds} against a {@link LatencyEndpoint} in this JVM,
 * either the bare {@link OpenAiClient} ({@code client}) or the {@link ModelGateway} over it with the endpoint's AIMD
 * limit, no cache and no retries, as a campaign's window uses it ({@code gateway}). Per call it compares the time the
 * caller waited with the client's own request time and with the endpoint's sleep, and (gateway) the gateway's waits;
 * it samples the AIMD limit every second.
 * Usage: {@code HttpGapProbe <threads> <seconds> <latency-ms|lognormal:MEDIAN_MS:P99_MS> <client-timeout-s> <client|gateway> [out.json]}.
 */
public final class HttpGapProbe {
    private HttpGapProbe() {}

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int seconds = Integer.parseInt(args[1]);
        LatencyDistribution latency = LatencyDistribution.parse(args[2]);
        int timeoutSeconds = Integer.parseInt(args[3]);
        boolean viaGateway = switch (args[4]) {
            case "gateway" -> true;
            case "client" -> false;
            default -> throw new IllegalArgumentException("mode must be client or gateway, got '" + args[4] + "'");
        };
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("load_before", CampaignScaleBench.uptime());
        try (LatencyEndpoint endpoint = new LatencyEndpoint(latency, threads)) {
            ModelProfile profile = profile(endpoint, timeoutSeconds, threads);
            OpenAiClient client = OpenAiClient.keepingAlive(endpoint.baseUrl(), ApiKey.none(), Duration.ofSeconds(timeoutSeconds), threads);
            ModelGateway gateway = new ModelGateway(profile, client, null, new EndpointLimiters(), RetryPolicy.none());
            Calls calls = new Calls();
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            List<Thread> workers = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                Thread worker = new Thread(() -> calls.loop(id, end, profile, viaGateway ? gateway : null, client), "probe-" + t);
                worker.start();
                workers.add(worker);
            }
            int minLimit = Integer.MAX_VALUE;
            long limitSum = 0;
            int limitSamples = 0;
            while (System.nanoTime() < end) {
                Thread.sleep(1000);
                int limit = gateway.limiter().currentLimit();
                minLimit = Math.min(minLimit, limit);
                limitSum += limit;
                limitSamples++;
            }
            for (Thread worker : workers) {
                worker.join();
            }
            report.put("mode", viaGateway ? "gateway (AIMD limit, no cache, no retries)" : "bare OpenAiClient");
            report.put("threads", threads);
            report.put("seconds", seconds);
            report.put("latency", latency.describe());
            report.put("client_timeout_seconds", timeoutSeconds);
            calls.putFigures(report);
            report.put("endpoint", endpoint.serverPhases());
            report.put("endpoint_refused_429", endpoint.refused());
            report.put("endpoint_peak_in_flight", endpoint.peakInFlight());
            report.put("endpoint_mean_in_flight_until_last_start", round(endpoint.meanInFlightUntilLastStart()));
            report.put("aimd_limit_min", minLimit);
            report.put("aimd_limit_mean", round(limitSum / (double) Math.max(1, limitSamples)));
            report.put("aimd_limit_end", gateway.limiter().currentLimit());
            gateway.close();
        }
        report.put("load_after", CampaignScaleBench.uptime());
        String json = Json.MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report);
        System.out.println(json);
        if (args.length > 5) {
            Files.writeString(Path.of(args[5]), json);
        }
        System.exit(0);
    }

    /** The fake endpoint as a completions profile: at most {@code threads} calls at once, the client's timeout. */
    private static ModelProfile profile(LatencyEndpoint endpoint, int timeoutSeconds, int threads) {
        return ProfileCatalog.parse("""
                name: probe
                provider: openai
                base_url: %s
                model: fake
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 64
                timeout_seconds: %d
                max_concurrency: %d
                """.formatted(endpoint.baseUrl(), timeoutSeconds, threads), "probe");
    }

    /** The callers' running totals: the time each waited, the client's request time, the gateway's concurrency wait. */
    private static final class Calls {
        final LongAdder callerNanos = new LongAdder();
        final LongAdder requestMillis = new LongAdder();
        final LongAdder concurrencyWaitNanos = new LongAdder();
        final AtomicInteger ok = new AtomicInteger();
        final ConcurrentMap<String, AtomicInteger> failures = new ConcurrentHashMap<>();

        /** Caller {@code id} calls until {@code end}: through {@code gateway}, or the bare {@code client} when it is null. */
        void loop(int id, long end, ModelProfile profile, ModelGateway gateway, OpenAiClient client) {
            for (int i = 0; System.nanoTime() < end; i++) {
                ModelRequest request = ModelRequests.request(profile, RenderedPrompt.raw("probe " + id + " " + i), "s" + id + "-" + i, null);
                long started = System.nanoTime();
                try {
                    ModelResponse response;
                    if (gateway != null) {
                        CallResult result = gateway.call(request);
                        response = result.response();
                        concurrencyWaitNanos.add(result.waits().concurrencyNanos());
                    } else {
                        response = client.complete(request);
                    }
                    callerNanos.add(System.nanoTime() - started);
                    requestMillis.add(response.latencyMillis());
                    ok.incrementAndGet();
                } catch (ModelCallException e) {
                    failures.computeIfAbsent(e.kind().name(), k -> new AtomicInteger()).incrementAndGet();
                }
            }
        }

        void putFigures(Map<String, Object> report) {
            int n = Math.max(1, ok.get());
            report.put("calls_answered", ok.get());
            report.put("calls_failed", failures);
            report.put("caller_mean_ms", round(callerNanos.sum() / 1e6 / n));
            report.put("client_request_mean_ms", round(requestMillis.sum() / (double) n));
            report.put("gateway_concurrency_wait_mean_ms", round(concurrencyWaitNanos.sum() / 1e6 / n));
        }
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
