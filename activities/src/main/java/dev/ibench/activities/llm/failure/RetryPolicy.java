package dev.ibench.activities.llm.failure;

import java.time.Duration;
import java.util.Random;

/**
 * Bounded exponential backoff with jitter for retryable failures. The delay before attempt n+1 is
 * {@code min(maxBackoff, initialBackoff * multiplier^(n-1))}, scaled by a random factor in
 * {@code [1 - jitter, 1]}; a server's {@code Retry-After} replaces it when longer (capped at {@code maxRetryAfter}).
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff, double multiplier, double jitter, Duration maxRetryAfter) {
    public RetryPolicy {
        if (maxAttempts < 1) throw new IllegalArgumentException("maxAttempts must be >= 1");
        if (jitter < 0 || jitter > 1) throw new IllegalArgumentException("jitter must be within [0, 1]");
    }

    public static RetryPolicy defaults(int maxAttempts) {
        return new RetryPolicy(maxAttempts, Duration.ofMillis(500), Duration.ofSeconds(30), 2.0, 0.5, Duration.ofSeconds(120));
    }

    /** One attempt only: for callers (Temporal activities) that retry themselves. */
    public static RetryPolicy none() {
        return new RetryPolicy(1, Duration.ZERO, Duration.ZERO, 1.0, 0.0, Duration.ZERO);
    }

    /** Delay before the next attempt after {@code failedAttempts} failures ended with {@code failure}. */
    public Duration delayAfter(int failedAttempts, ModelCallException failure, Random random) {
        double base = Math.min(maxBackoff.toMillis(), initialBackoff.toMillis() * Math.pow(multiplier, failedAttempts - 1));
        long jittered = Math.round(base * (1.0 - jitter * random.nextDouble()));
        Duration backoff = Duration.ofMillis(Math.max(0, jittered));
        if (failure.retryAfter().isPresent()) {
            Duration serverAsked = failure.retryAfter().get().compareTo(maxRetryAfter) > 0 ? maxRetryAfter : failure.retryAfter().get();
            return serverAsked.compareTo(backoff) > 0 ? serverAsked : backoff;
        }
        return backoff;
    }
}
