package dev.ibench.activities.llm.admission;

/**
 * Concurrency limit of one endpoint that adapts like TCP congestion control (AIMD): a 429 halves the
 * limit (not below 1), and each success adds {@code 1/limit}, so the limit grows back by about one
 * slot per full window of successful calls, never above {@code maxLimit}. As TCP counts the losses of one window as
 * one congestion event, the 429s of requests sent before the last halving do not halve it again: a server that refuses
 * a whole window at once halves the limit once, not down to 1 (each request carries the ticket {@link #acquire}
 * gave it to {@link #onThrottled(long)}).
 */
public final class AimdLimiter {
    private final String endpoint;
    private int maxLimit;
    private double limit;
    private int inFlight;
    /** Requests let through so far; the ticket of the latest one. */
    private long tickets;
    /** {@link #tickets} when the limit was last halved: a 429 of a request with a ticket up to this is the same event. */
    private long halvedAfterTicket;

    public AimdLimiter(String endpoint, int maxLimit) {
        if (maxLimit < 1) throw new IllegalArgumentException("max concurrency of " + endpoint + " must be >= 1");
        this.endpoint = endpoint;
        this.maxLimit = maxLimit;
        this.limit = maxLimit;
    }

    /** Waits for a place under the limit; returns the request's ticket, for {@link #onThrottled(long)}. */
    public synchronized long acquire() throws InterruptedException {
        while (inFlight >= (int) Math.floor(limit)) {
            wait();
        }
        inFlight++;
        return ++tickets;
    }

    public synchronized void release() {
        inFlight--;
        notifyAll();
    }

    public synchronized void onSuccess() {
        limit = Math.min(maxLimit, limit + 1.0 / Math.floor(limit));
        notifyAll();
    }

    /**
     * Raises the ceiling to {@code newMax} when that is higher (a later caller of the same endpoint allows more in
     * flight); the current limit rises by the same amount. A lower value changes nothing.
     */
    public synchronized void raiseCeiling(int newMax) {
        if (newMax > maxLimit) {
            limit += newMax - maxLimit;
            maxLimit = newMax;
            notifyAll();
        }
    }

    public synchronized int maxLimit() {
        return maxLimit;
    }

    /** A 429 of a request sent after the last halving (or with no ticket): halves the limit. */
    public synchronized void onThrottled() {
        onThrottled(Long.MAX_VALUE);
    }

    /**
     * A 429 of the request with {@code ticket}: halves the limit unless that request was sent before the last halving
     * (it was in flight when the limit was cut for the same congestion).
     */
    public synchronized void onThrottled(long ticket) {
        if (ticket <= halvedAfterTicket) {
            return;
        }
        limit = Math.max(1.0, Math.floor(limit / 2.0));
        halvedAfterTicket = tickets;
    }

    public synchronized int currentLimit() {
        return (int) Math.floor(limit);
    }

    public synchronized int inFlight() {
        return inFlight;
    }

    public String endpoint() {
        return endpoint;
    }
}
