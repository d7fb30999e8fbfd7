package dev.ibench.activities.llm.admission;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An endpoint's send limits as this worker applies them: at most {@code rate_per_second} requests per second (each
 * request takes the next free start time, one interval {@code 1 / rate} after the one before, with no bursts: a pacer idle
 * for a while starts the next request at once, not a backlog of them) and at most {@code tokens_per_minute} prompt plus
 * completion tokens per minute (each request is charged its estimate before it is sent, and the difference to what it
 * used is settled with this worker's next reservation). The start times come from {@link SendSlots}: the results store's
 * row of the endpoint, shared by every worker of the store, or this process's own. A lower limit asked later for the
 * same endpoint lowers it ({@link #lowerTo}), so entries sharing an endpoint share the strictest limits. A 429's
 * {@code Retry-After} holds back every worker's next requests to the endpoint ({@link #holdOff}).
 */
public final class RequestPacer {
    private final String endpoint;
    private final SendSlots slots;
    /** 0: no rate. */
    private long intervalMicros;
    /** 0: no token limit. */
    private int tokensPerMinute;
    /** Tokens this worker's answered requests used beyond their charges (negative: less), not yet settled. */
    private final AtomicLong unsettledTokens = new AtomicLong();

    /** A pacer of this process only, at {@code ratePerSecond}. */
    public RequestPacer(String endpoint, double ratePerSecond) {
        this(endpoint, new ProcessSendSlots(), EndpointLimits.rate(ratePerSecond));
    }

    public RequestPacer(String endpoint, SendSlots slots, EndpointLimits limits) {
        this.endpoint = endpoint;
        this.slots = slots;
        lowerTo(limits);
    }

    private static long intervalOf(String endpoint, double ratePerSecond) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate_per_second of " + endpoint + " must be a positive number, got " + ratePerSecond);
        }
        return Math.max(1L, Math.round(1_000_000.0 / ratePerSecond));
    }

    /** Lowers the rate to {@code ratePerSecond} when that is lower than the current one; a higher value changes nothing. */
    public void lowerTo(double ratePerSecond) {
        lowerTo(EndpointLimits.rate(ratePerSecond));
    }

    /** Adds or lowers each limit {@code limits} names; a limit higher than the current one changes nothing. */
    public synchronized void lowerTo(EndpointLimits limits) {
        if (limits.ratePerSecond() != null) {
            intervalMicros = Math.max(intervalMicros, intervalOf(endpoint, limits.ratePerSecond()));
        }
        Integer tpm = limits.tokensPerMinute();
        if (tpm != null) {
            if (tpm < 1) {
                throw new IllegalArgumentException("tokens_per_minute of " + endpoint + " must be a positive number, got " + tpm);
            }
            tokensPerMinute = tokensPerMinute == 0 ? tpm : Math.min(tokensPerMinute, tpm);
        }
    }

    /** Waits until a request without a token charge may start. */
    public void await() throws InterruptedException {
        await(0);
    }

    /**
     * Reserves a start for a request charged {@code estimatedTokens} (ignored without a token limit; at most one minute's
     * tokens) and waits until it.
     */
    public void await(long estimatedTokens) throws InterruptedException {
        long waitMicros = slots.reserve(endpoint, slotRequest(estimatedTokens));
        if (waitMicros > 0) {
            Thread.sleep(waitMicros / 1_000, (int) (waitMicros % 1_000) * 1_000);
        }
    }

    private SlotRequest slotRequest(long estimatedTokens) {
        long interval;
        int tpm;
        synchronized (this) {
            interval = intervalMicros;
            tpm = tokensPerMinute;
        }
        if (tpm == 0) {
            return new SlotRequest(interval, 0, 0);
        }
        long unsettled = unsettledTokens.getAndSet(0);
        return new SlotRequest(interval, microsOf(charged(estimatedTokens, tpm), tpm), microsOf(unsettled, tpm));
    }

    private static long charged(long estimatedTokens, int tpm) {
        return Math.min(Math.max(0, estimatedTokens), tpm);
    }

    private static long microsOf(long tokens, int tpm) {
        return Math.round(tokens * (double) SendSchedule.TOKEN_WINDOW_MICROS / tpm);
    }

    /** A request charged {@code estimatedTokens} used {@code usedTokens}: the difference is settled with the next reservation. */
    public void used(long estimatedTokens, long usedTokens) {
        int tpm = tokensPerMinute();
        if (tpm > 0) {
            unsettledTokens.addAndGet(usedTokens - charged(estimatedTokens, tpm));
        }
    }

    /**
     * The endpoint answered 429 asking to wait {@code retryAfter}: no request of any worker sharing these send times starts
     * before it has passed.
     */
    public void holdOff(Duration retryAfter) {
        if (!retryAfter.isNegative() && !retryAfter.isZero()) {
            slots.holdOff(endpoint, retryAfter.toNanos() / 1_000);
        }
    }

    /** Requests per second (0: no rate). */
    public synchronized double ratePerSecond() {
        return intervalMicros == 0 ? 0 : 1_000_000.0 / intervalMicros;
    }

    /** Tokens per minute (0: no token limit). */
    public synchronized int tokensPerMinute() {
        return tokensPerMinute;
    }

    public String endpoint() {
        return endpoint;
    }
}
