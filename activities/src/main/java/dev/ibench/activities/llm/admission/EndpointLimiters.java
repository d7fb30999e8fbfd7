package dev.ibench.activities.llm.admission;

import dev.ibench.activities.llm.ModelGateway;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * One {@link AimdLimiter} per endpoint, and one {@link RequestPacer} per endpoint that a caller gave a rate or a token
 * limit. A worker process creates one instance and hands it to every {@link ModelGateway}, so all calls to an endpoint
 * from that worker share the limits; the pacers reserve their send times in {@link SendSlots}, which a campaign worker
 * shares with every other worker of its results store.
 */
public final class EndpointLimiters {
    private final ConcurrentMap<String, AimdLimiter> byEndpoint = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, RequestPacer> pacers = new ConcurrentHashMap<>();
    private final SendSlots slots;

    /** Limiters whose send limits hold in this process only ({@link ProcessSendSlots}). */
    public EndpointLimiters() {
        this(new ProcessSendSlots());
    }

    /** @param slots where the pacers reserve their send times */
    public EndpointLimiters(SendSlots slots) {
        this.slots = slots;
    }

    /**
     * The endpoint's limiter. Its ceiling is the largest {@code maxConcurrency} any caller asked for, so a campaign
     * entry's {@code concurrency} is never capped by an earlier caller's smaller profile value (each model's own
     * bound is its LLM queue's slot count, set from the same entry).
     */
    public AimdLimiter forEndpoint(String endpoint, int maxConcurrency) {
        AimdLimiter limiter = byEndpoint.computeIfAbsent(endpoint, e -> new AimdLimiter(e, maxConcurrency));
        limiter.raiseCeiling(maxConcurrency);
        return limiter;
    }

    /**
     * The endpoint's pacer at {@code ratePerSecond} requests per second; a caller asking a lower rate for the same
     * endpoint lowers it for all (the endpoint's strictest limit holds).
     */
    public RequestPacer pacer(String endpoint, double ratePerSecond) {
        return pacer(endpoint, EndpointLimits.rate(ratePerSecond));
    }

    /** The endpoint's pacer under {@code limits} and the lower limits any earlier caller asked for the same endpoint. */
    public RequestPacer pacer(String endpoint, EndpointLimits limits) {
        RequestPacer pacer = pacers.computeIfAbsent(endpoint, e -> new RequestPacer(e, slots, limits));
        pacer.lowerTo(limits);
        return pacer;
    }
}
