package dev.ibench.activities.campaign;

/**
 * One provider batch of a {@code batch: true} cell (docs/batch.md): at most {@code maxItems} of the cell's consecutive
 * items from item index {@code fromIndex}, under {@code batchKey}, the key its store row and the batch's metadata carry
 * (the cell's workflow makes it, so a retried activity finds the same batch). Small on purpose: it travels through history.
 */
public record BatchPart(String cellId, int trials, String batchKey, int fromIndex, int maxItems) {
    public BatchPart {
        if (trials < 1 || fromIndex < 0 || maxItems < 1) {
            throw new IllegalArgumentException("invalid batch part " + batchKey + ": trials " + trials + ", from " + fromIndex
                    + ", max items " + maxItems);
        }
    }

    public WorkItem item(int index) {
        return new WorkItem(cellId, index / trials, index % trials);
    }
}
