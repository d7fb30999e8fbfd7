package dev.ibench.activities.llm.admission;

import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import java.util.function.Supplier;

/**
 * Admits a gateway's provider attempts to their endpoint: a place under the endpoint's shared AIMD concurrency limit,
 * then, when the caller gave a rate or a token limit, its turn under the endpoint's send limits ({@link RequestPacer}).
 * A success grows the limit, a {@link ErrorKind#RATE_LIMITED} answer halves it and, with a {@code Retry-After}, holds back
 * the endpoint's next requests of every worker sharing its send limits.
 */
public final class EndpointAdmission {
    /** Where an attempt's waits are added up (nanoseconds). */
    public interface Waits {
        void waitedForConcurrency(long nanos);

        void waitedForPace(long nanos);
    }

    private final String endpoint;
    private final AimdLimiter limiter;
    private final RequestPacer pacer;

    /** @param ratePerSecond requests per second to the endpoint, every attempt counted (null: no pace) */
    public EndpointAdmission(EndpointLimiters limiters, String endpoint, int maxConcurrency, Double ratePerSecond) {
        this(limiters, endpoint, maxConcurrency, EndpointLimits.rate(ratePerSecond));
    }

    /** @param limits the endpoint's request rate and token limit this caller asks for */
    public EndpointAdmission(EndpointLimiters limiters, String endpoint, int maxConcurrency, EndpointLimits limits) {
        this.endpoint = endpoint;
        this.limiter = limiters.forEndpoint(endpoint, maxConcurrency);
        this.pacer = limits.any() ? limiters.pacer(endpoint, limits) : null;
    }

    /** Whether attempts are charged tokens before they are sent (the endpoint has a {@code tokens_per_minute}). */
    public boolean chargesTokens() {
        return pacer != null && pacer.tokensPerMinute() > 0;
    }

    /** An answered attempt charged {@code estimatedTokens} used {@code usedTokens}; the pace settles the difference. */
    public void used(long estimatedTokens, long usedTokens) {
        if (pacer != null) {
            pacer.used(estimatedTokens, usedTokens);
        }
    }

    public AimdLimiter limiter() {
        return limiter;
    }

    /** Sends {@code attempt} once admitted, and frees its place when it ends. */
    public <T> T send(Supplier<T> attempt, Waits waits) {
        return send(attempt, 0, waits);
    }

    /** {@link #send(Supplier, Waits)} of an attempt charged {@code estimatedTokens} under the token limit. */
    public <T> T send(Supplier<T> attempt, long estimatedTokens, Waits waits) {
        long acquiring = System.nanoTime();
        long ticket;
        try {
            ticket = limiter.acquire();
            waits.waitedForConcurrency(System.nanoTime() - acquiring);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw ModelCallException.of(ErrorKind.CONNECTION, endpoint, "interrupted while waiting for a concurrency slot");
        }
        try {
            if (pacer != null) {
                long pacing = System.nanoTime();
                pacer.await(estimatedTokens);
                waits.waitedForPace(System.nanoTime() - pacing);
            }
            T answer = attempt.get();
            limiter.onSuccess();
            return answer;
        } catch (ModelCallException e) {
            if (e.kind() == ErrorKind.RATE_LIMITED) {
                limiter.onThrottled(ticket);
                if (pacer != null && e.retryAfter().isPresent()) {
                    try {
                        pacer.holdOff(e.retryAfter().get());
                    } catch (RuntimeException storeDown) {
                        e.addSuppressed(storeDown); // the 429, with its classification, is what the caller must see
                    }
                }
            }
            throw e;
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw ModelCallException.of(ErrorKind.CONNECTION, endpoint, "interrupted while waiting for its turn under rate_per_second or tokens_per_minute");
        } finally {
            limiter.release();
        }
    }
}
