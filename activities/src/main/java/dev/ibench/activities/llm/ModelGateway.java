package dev.ibench.activities.llm;

import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way to call a model: response cache first, then the provider under the endpoint's shared
 * AIMD concurrency limit, with classified retries (bounded exponential backoff with jitter, honouring
 * {@code Retry-After}); successful responses are stored in the cache and their tokens and cost counted.
 * Non-retryable failures and exhausted retries surface as {@link ModelCallException}.
 */
public final class ModelGateway implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ModelGateway.class);

    private final ModelProfile profile;
    private final ModelClient client;
    private final ResponseCache cache;
    private final AimdLimiter limiter;
    private final RetryPolicy retry;
    private final GatewayStats stats = new GatewayStats();
    private final Random jitter = new Random();

    /** @param cache may be null (no caching) */
    public ModelGateway(ModelProfile profile, ModelClient client, ResponseCache cache, EndpointLimiters limiters, RetryPolicy retry) {
        this.profile = profile;
        this.client = client;
        this.cache = cache;
        this.limiter = limiters.forEndpoint(client.endpoint(), profile.maxConcurrency());
        this.retry = retry;
    }

    /**
     * The request a profile makes for a rendered prompt: its model and decoding settings, with output
     * constrained as the profile's {@code constrained_output} asks ({@code tool_calls} uses the schema of
     * {@code sampleTools}; with no tools given it falls back to any JSON).
     */
    public static ModelRequest request(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools) {
        String schema = switch (profile.constrainedOutput()) {
            case "json" -> ToolCallSchema.ANY_JSON;
            case "tool_calls" -> sampleTools == null || sampleTools.isEmpty() ? ToolCallSchema.ANY_JSON : ToolCallSchema.forTools(sampleTools);
            default -> null;
        };
        return new ModelRequest(profile.model(), prompt, new DecodingSettings(profile.maxTokens(), profile.temperature(), profile.stop(), schema), sampleId);
    }

    /** {@link #request} for one trial of a campaign: the trial's own sampling seed and the campaign's top_p (null: none). */
    public static ModelRequest trialRequest(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools,
            int trial, long seed, Double topP) {
        ModelRequest base = request(profile, prompt, sampleId, sampleTools);
        DecodingSettings d = base.decoding();
        return new ModelRequest(base.model(), prompt, new DecodingSettings(d.maxTokens(), d.temperature(), d.stop(), d.jsonSchema(), topP, seed),
                sampleId, trial);
    }

    public CallResult call(ModelRequest request) {
        stats.calls.incrementAndGet();
        String key = CacheKey.of(client.endpoint(), request);
        boolean useCache = cache != null && client.cacheable();
        if (useCache) {
            var hit = cache.lookup(key);
            if (hit.isPresent()) {
                stats.cacheHits.incrementAndGet();
                return new CallResult(hit.get(), true, 0, profile.hasPrices() ? 0.0 : null, key);
            }
        }
        int attempt = 0;
        while (true) {
            attempt++;
            stats.providerAttempts.incrementAndGet();
            try {
                ModelResponse response = callLimited(request);
                if (useCache) {
                    cache.store(key, client.endpoint(), request.model(), response);
                }
                Double cost = CallCost.usd(profile, response);
                stats.promptTokens.addAndGet(response.promptTokens());
                stats.completionTokens.addAndGet(response.completionTokens());
                if (cost != null) {
                    stats.costUsd.add(cost);
                }
                return new CallResult(response, false, attempt, cost, key);
            } catch (ModelCallException e) {
                if (!e.retryable() || attempt >= retry.maxAttempts()) {
                    stats.failures.incrementAndGet();
                    if (e.retryable()) {
                        throw new ModelCallException(e.kind(), e.endpoint(), e.httpStatus().orElse(null), e.retryAfter().orElse(null),
                                e.getMessage() + " [gave up after " + attempt + " attempts]", null);
                    }
                    throw e;
                }
                Duration delay = retry.delayAfter(attempt, e, jitter);
                stats.retries.incrementAndGet();
                LOG.warn("attempt {} of {} failed, retrying in {} ms: {}", attempt, retry.maxAttempts(), delay.toMillis(), e.getMessage());
                sleep(delay, e);
            }
        }
    }

    private ModelResponse callLimited(ModelRequest request) {
        try {
            limiter.acquire();
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw ModelCallException.of(ErrorKind.CONNECTION, client.endpoint(), "interrupted while waiting for a concurrency slot");
        }
        try {
            ModelResponse response = client.complete(request);
            limiter.onSuccess();
            return response;
        } catch (ModelCallException e) {
            if (e.kind() == ErrorKind.RATE_LIMITED) {
                limiter.onThrottled();
            }
            throw e;
        } finally {
            limiter.release();
        }
    }

    private void sleep(Duration delay, ModelCallException cause) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw cause;
        }
    }

    public GatewayStats stats() {
        return stats;
    }

    public AimdLimiter limiter() {
        return limiter;
    }

    public ModelClient client() {
        return client;
    }

    @Override
    public void close() {
        client.close();
    }
}
