package dev.ibench.activities.llm.admission;

/**
 * At most {@code ratePerSecond} requests per second to one endpoint from this worker process: each request takes the
 * next free start time, one interval ({@code 1 / rate}) after the one before, and waits for it; no bursts (a pacer
 * idle for a while starts the next request at once, not a backlog of them). A lower rate asked later for the same
 * endpoint lowers it ({@link #lowerTo}), so entries sharing an endpoint share the strictest pace.
 */
public final class RequestPacer {
    private final String endpoint;
    private long intervalNanos;
    private long nextStartNanos = Long.MIN_VALUE;

    public RequestPacer(String endpoint, double ratePerSecond) {
        this.endpoint = endpoint;
        this.intervalNanos = intervalOf(endpoint, ratePerSecond);
    }

    private static long intervalOf(String endpoint, double ratePerSecond) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate_per_second of " + endpoint + " must be a positive number, got " + ratePerSecond);
        }
        return Math.max(1L, Math.round(1_000_000_000L / ratePerSecond));
    }

    /** Lowers the rate to {@code ratePerSecond} when that is lower than the current one; a higher value changes nothing. */
    public synchronized void lowerTo(double ratePerSecond) {
        intervalNanos = Math.max(intervalNanos, intervalOf(endpoint, ratePerSecond));
    }

    /** Waits until this request may start. */
    public void await() throws InterruptedException {
        long startAt;
        synchronized (this) {
            long now = System.nanoTime();
            startAt = nextStartNanos == Long.MIN_VALUE || nextStartNanos - now < 0 ? now : nextStartNanos;
            nextStartNanos = startAt + intervalNanos;
        }
        long wait = startAt - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    public synchronized double ratePerSecond() {
        return 1_000_000_000.0 / intervalNanos;
    }

    public String endpoint() {
        return endpoint;
    }
}
