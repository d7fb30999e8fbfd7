package dev.ibench.activities.llm.admission;

import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import java.util.function.Supplier;

/**
 * Admits a gateway's provider attempts to their endpoint: a place under the endpoint's shared AIMD concurrency limit,
 * then, when the caller gave a rate, its turn under the endpoint's shared request pace. A success grows the limit, a
 * {@link ErrorKind#RATE_LIMITED} answer halves it.
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
        this.endpoint = endpoint;
        this.limiter = limiters.forEndpoint(endpoint, maxConcurrency);
        this.pacer = ratePerSecond == null ? null : limiters.pacer(endpoint, ratePerSecond);
    }

    public AimdLimiter limiter() {
        return limiter;
    }

    /** Sends {@code attempt} once admitted, and frees its place when it ends. */
    public <T> T send(Supplier<T> attempt, Waits waits) {
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
                pacer.await();
                waits.waitedForPace(System.nanoTime() - pacing);
            }
            T answer = attempt.get();
            limiter.onSuccess();
            return answer;
        } catch (ModelCallException e) {
            if (e.kind() == ErrorKind.RATE_LIMITED) {
                limiter.onThrottled(ticket);
            }
            throw e;
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw ModelCallException.of(ErrorKind.CONNECTION, endpoint, "interrupted while waiting for its turn under rate_per_second");
        } finally {
            limiter.release();
        }
    }
}
