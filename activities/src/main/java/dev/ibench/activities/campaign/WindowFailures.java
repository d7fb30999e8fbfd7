package dev.ibench.activities.campaign;

/**
 * Whether a model-call batch starts further items after an item's outcome. A batch of half-window batches stops at its
 * first infrastructure failure (the next items would fail as well, and the per-item path retries them with backoff).
 * A {@link ItemBatch#window window batch} runs for the rest of its cell, so stopping it would drain the whole window to
 * its slowest call: it goes on past a failed item (a tail call past the client's read timeout, one 503), which it
 * returns with its other failures once it ends, and stops only when the endpoint looks down ({@link #STREAK} failures in
 * a row, no answer between them) or when it holds {@code max(STREAK, concurrency)} failed items (its result stays small
 * and the failed items are not kept from their retry for long). Any answer of the endpoint, a sample rejection
 * included, ends a streak. Endpoint rejections and budget refusals stop every batch (they would fail every item).
 * Thread-safe: the slots of a batch report to one instance.
 */
public final class WindowFailures {
    /** Failures in a row, with no answer between them, after which a window batch takes its endpoint for down. */
    public static final int STREAK = 8;

    private final boolean window;
    private final int maxFailures;
    private int streak;
    private int failures;

    public WindowFailures(ItemBatch batch) {
        this.window = batch.window();
        this.maxFailures = Math.max(STREAK, batch.concurrency());
    }

    /** An item whose request the endpoint answered (its answer stored or queued, or the sample rejected). */
    public synchronized void answered() {
        streak = 0;
    }

    /** An item that failed for infrastructure reasons (retryable by the per-item path): whether the batch goes on. */
    public synchronized boolean goesOnAfterInfraFailure() {
        streak++;
        failures++;
        return window && streak < STREAK && failures < maxFailures;
    }
}
