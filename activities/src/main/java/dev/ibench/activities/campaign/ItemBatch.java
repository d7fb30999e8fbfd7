package dev.ibench.activities.campaign;

/**
 * A run of a cell's consecutive work items, {@code count} of them from item index {@code fromIndex} (an item index is
 * {@code position * trials + trial}), called with at most {@code concurrency} model requests at once. It stops starting
 * items once more than {@code rejectionsBeforeStop} of them were rejected by the endpoint (the cell's
 * {@code max_rejected_share} would stop the cell anyway). With {@code yieldsWhenAsked} it also stops starting items once
 * its cell asks it to ({@link BatchGate}); batches of cells recorded before that never ask. A {@code window} batch (a
 * cell's window batch since {@code slot-refill}: the rest of the cell with the whole window) goes on past an item's
 * infrastructure failure, which it returns with the others once it ends, and stops only when its endpoint looks down
 * ({@link WindowFailures}); other batches stop at the first. Small on purpose: it is what travels through workflow
 * history.
 */
public record ItemBatch(String cellId, int trials, int fromIndex, int count, int concurrency, int rejectionsBeforeStop,
                        boolean yieldsWhenAsked, boolean window) {
    public ItemBatch {
        if (trials < 1 || fromIndex < 0 || count < 1 || concurrency < 1) {
            throw new IllegalArgumentException("invalid item batch of " + cellId + ": trials " + trials + ", from " + fromIndex
                    + ", count " + count + ", concurrency " + concurrency);
        }
    }

    public ItemBatch(String cellId, int trials, int fromIndex, int count, int concurrency, int rejectionsBeforeStop) {
        this(cellId, trials, fromIndex, count, concurrency, rejectionsBeforeStop, false);
    }

    public ItemBatch(String cellId, int trials, int fromIndex, int count, int concurrency, int rejectionsBeforeStop,
                     boolean yieldsWhenAsked) {
        this(cellId, trials, fromIndex, count, concurrency, rejectionsBeforeStop, yieldsWhenAsked, false);
    }

    /** The work item at item index {@code index}. */
    public WorkItem item(int index) {
        return new WorkItem(cellId, index / trials, index % trials);
    }
}
