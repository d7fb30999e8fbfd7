package dev.ibench.activities.llm;

/**
 * Concurrency limit of one endpoint that adapts like TCP congestion control (AIMD): a 429 halves the
 * limit (not below 1), and each success adds {@code 1/limit}, so the limit grows back by about one
 * slot per full window of successful calls, never above {@code maxLimit}.
 */
public final class AimdLimiter {
    private final String endpoint;
    private int maxLimit;
    private double limit;
    private int inFlight;

    public AimdLimiter(String endpoint, int maxLimit) {
        if (maxLimit < 1) throw new IllegalArgumentException("max concurrency of " + endpoint + " must be >= 1");
        this.endpoint = endpoint;
        this.maxLimit = maxLimit;
        this.limit = maxLimit;
    }

    public synchronized void acquire() throws InterruptedException {
        while (inFlight >= (int) Math.floor(limit)) {
            wait();
        }
        inFlight++;
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

    public synchronized void onThrottled() {
        limit = Math.max(1.0, Math.floor(limit / 2.0));
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
