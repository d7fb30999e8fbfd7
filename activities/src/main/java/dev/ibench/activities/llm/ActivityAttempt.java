package dev.ibench.activities.llm;

import java.util.function.Supplier;

/**
 * The Temporal activity attempt on whose behalf the current thread calls a model, so the spend ledger records
 * Temporal's attempt number (a campaign's gateways make one provider attempt per activity attempt; docs/ledger.md).
 * An activity sets it around its model work ({@link #during}); helper threads that call for it get it passed on
 * ({@link Heartbeating}, a batch's item threads). Outside activities it is 0 and the gateway numbers its own retries.
 */
public final class ActivityAttempt {
    private static final ThreadLocal<Integer> CURRENT = new ThreadLocal<>();

    private ActivityAttempt() {}

    /** The attempt set for the current thread (0: none). */
    public static int current() {
        Integer attempt = CURRENT.get();
        return attempt == null ? 0 : attempt;
    }

    /** Runs {@code work} on the current thread as attempt {@code attempt} (0: none). */
    public static <T> T during(int attempt, Supplier<T> work) {
        Integer before = CURRENT.get();
        CURRENT.set(attempt);
        try {
            return work.get();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }
}
