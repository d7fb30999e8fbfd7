package dev.ibench.workflows.campaign;

/**
 * How many items a cell's next model-call batch gets: enough rounds of its concurrency to take about a target time at
 * the pace the previous batch measured, at least one round, at most a number of rounds and {@link #MAX_ITEMS} items.
 * The first batch of a run is one round. Deterministic: it learns only from batch results, which are in history.
 *
 * <p>Batches that do not yield when asked ({@link #standard}) run to their end after a pause, so they are kept short
 * (4 s) for pause, resume and window changes to take effect within seconds. Batches that yield ({@link #yielding})
 * stop within about a second of a pause whatever their length, so they are longer (10 s): each batch's end costs its
 * slots the time from its last answer to the next batch's first request, and longer batches pay that less often.
 */
final class BatchSizer {
    static final long TARGET_MILLIS = 4000;
    static final int MAX_ROUNDS = 8;
    static final long YIELDING_TARGET_MILLIS = 10_000;
    static final int YIELDING_MAX_ROUNDS = 20;
    static final int MAX_ITEMS = 1000;

    private final long targetMillis;
    private final int maxRounds;

    /** Milliseconds one round of a batch took (every slot answering one item); negative until a batch is measured. */
    private double millisPerRound = -1;

    private BatchSizer(long targetMillis, int maxRounds) {
        this.targetMillis = targetMillis;
        this.maxRounds = maxRounds;
    }

    /** Sizes for batches that run their whole range (cells recorded before yielding batches). */
    static BatchSizer standard() {
        return new BatchSizer(TARGET_MILLIS, MAX_ROUNDS);
    }

    /** Sizes for batches that stop when their cell asks. */
    static BatchSizer yielding() {
        return new BatchSizer(YIELDING_TARGET_MILLIS, YIELDING_MAX_ROUNDS);
    }

    int items(int concurrency) {
        int rounds = millisPerRound < 0 ? 1 : (int) Math.max(1, Math.min(maxRounds, targetMillis / Math.max(millisPerRound, 1.0)));
        return Math.max(1, Math.min(MAX_ITEMS, concurrency * rounds));
    }

    void observe(int started, long elapsedMillis, int concurrency) {
        if (started > 0) {
            int rounds = (started + concurrency - 1) / concurrency;
            millisPerRound = (double) elapsedMillis / rounds;
        }
    }

    /**
     * The size of a batch of {@code items} (from {@link #items}) with {@code remaining} items left in the cell: whole
     * rounds of {@code concurrency}, and at most half of what is left (rounded up to a round), so that near the end
     * each batch started is smaller than the one before and the batches running at once finish within about a round of
     * each other, instead of one running alone for a whole batch while the other slots of the window wait.
     */
    static int towardsTheEnd(int items, int concurrency, int remaining) {
        int wholeRounds = items >= concurrency ? items / concurrency * concurrency : items;
        int halfLeft = (remaining + 1) / 2;
        int halfInRounds = Math.max(1, (halfLeft + concurrency - 1) / concurrency) * concurrency;
        return Math.max(1, Math.min(remaining, Math.min(wholeRounds, halfInRounds)));
    }
}
