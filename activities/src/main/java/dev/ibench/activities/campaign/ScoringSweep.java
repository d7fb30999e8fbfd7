package dev.ibench.activities.campaign;

import java.util.List;

/**
 * What a cell asks its scoring worker to score while a window batch ({@link ItemBatch} over the rest of the cell) is
 * still calling the model: the item indices in {@code holes} (left unscored by the previous sweep: their call was in
 * flight), then the items from {@code scannedTo} on, at most {@code maxItems} of them, before {@code toIndex}.
 * Only items with a stored output are scored. While the batch runs ({@code settled} false) the sweep stops after the
 * last stored item it saw (the items after it were not called yet); once the batch has ended ({@code settled}) it
 * scans up to {@code toIndex} and every item without an output, except the {@code skipped} ones (their call failed),
 * stays a hole. Small on purpose: holes are the calls in flight, at most the window.
 */
public record ScoringSweep(String cellId, int trials, List<Integer> holes, int scannedTo, int toIndex, int maxItems,
                           boolean settled, List<Integer> skipped) {
    public ScoringSweep {
        holes = holes == null ? List.of() : List.copyOf(holes);
        skipped = skipped == null ? List.of() : List.copyOf(skipped);
        if (trials < 1 || scannedTo < 0 || toIndex < scannedTo || maxItems < 1) {
            throw new IllegalArgumentException("invalid scoring sweep of " + cellId + ": trials " + trials + ", scanned to "
                    + scannedTo + ", to " + toIndex + ", max " + maxItems);
        }
    }

    public WorkItem item(int index) {
        return new WorkItem(cellId, index / trials, index % trials);
    }
}
