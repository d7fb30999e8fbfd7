package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.RetryPolicy;
import java.time.Duration;
import java.util.Random;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A window batch's slot answered 429 (rate limited) pauses and sends its item again, instead of failing the item out
 * of the window to the per-item path (issue 33: the chaos bench's 429s cost whole per-item round trips). The pause is
 * the server's {@code Retry-After} when it gives one (at most {@link #BACKOFF}'s cap), else a backed-off delay with
 * jitter (0.5 s, 1 s, 2 s); after {@link #RETRIES} such retries, or when the batch stops meanwhile, the last 429 is the
 * item's failure as before. Every request is its own ledger row, numbered with the batch's activity attempt as every
 * request of the batch is (docs/ledger.md); the endpoint's AIMD limit sees each 429 as before.
 */
final class RateLimitPause {
    /** How many times a slot sends its item again after a 429, within the batch. */
    static final int RETRIES = 3;
    static final RetryPolicy BACKOFF = new RetryPolicy(RETRIES + 1, Duration.ofMillis(500), Duration.ofSeconds(30), 2.0, 0.5,
            Duration.ofSeconds(120));
    /** How often a pausing slot looks whether its batch stopped. */
    private static final long CHECK_MILLIS = 100;

    private final Random jitter = new Random();

    /**
     * {@code call}'s answer, sent again after each 429 (at most {@link #RETRIES} times) once its pause is over;
     * {@code throttled} hears of each 429 retried, {@code paused} of each pause's length (ns). A pause ends early, with
     * the 429 thrown, when {@code stopped} says so.
     */
    <T> T call(Supplier<T> call, BooleanSupplier stopped, Consumer<ModelCallException> throttled, java.util.function.LongConsumer paused) {
        for (int retried = 0; ; retried++) {
            try {
                return call.get();
            } catch (ModelCallException e) {
                if (e.kind() != ErrorKind.RATE_LIMITED || retried >= RETRIES || stopped.getAsBoolean()) {
                    throw e;
                }
                throttled.accept(e);
                long started = System.nanoTime();
                boolean waited = waitOut(BACKOFF.delayAfter(retried + 1, e, jitter), stopped);
                paused.accept(System.nanoTime() - started);
                if (!waited) {
                    throw e;
                }
            }
        }
    }

    /** Sleeps {@code pause}; false when {@code stopped} said so first (or the thread was interrupted). */
    private static boolean waitOut(Duration pause, BooleanSupplier stopped) {
        long end = System.nanoTime() + pause.toNanos();
        while (System.nanoTime() - end < 0) {
            if (stopped.getAsBoolean()) {
                return false;
            }
            try {
                Thread.sleep(Math.max(1, Math.min(CHECK_MILLIS, (end - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return !stopped.getAsBoolean();
    }
}
