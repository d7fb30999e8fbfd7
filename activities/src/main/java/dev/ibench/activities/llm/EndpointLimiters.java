package dev.ibench.activities.llm;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * One {@link AimdLimiter} per endpoint. A worker process creates one instance and hands it to every
 * {@link ModelGateway}, so all calls to an endpoint from that worker share the limit.
 */
public final class EndpointLimiters {
    private final ConcurrentMap<String, AimdLimiter> byEndpoint = new ConcurrentHashMap<>();

    /** The endpoint's limiter; the first caller's {@code maxConcurrency} sets its ceiling. */
    public AimdLimiter forEndpoint(String endpoint, int maxConcurrency) {
        return byEndpoint.computeIfAbsent(endpoint, e -> new AimdLimiter(e, maxConcurrency));
    }
}
