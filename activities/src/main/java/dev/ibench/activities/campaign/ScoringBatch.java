package dev.ibench.activities.campaign;

import java.util.List;

/**
 * The items of a cell's item range {@code [fromIndex, fromIndex + count)} to score, except the item indices in
 * {@code skipped} (their model call failed, so they have no stored output).
 */
public record ScoringBatch(String cellId, int trials, int fromIndex, int count, List<Integer> skipped) {
    public ScoringBatch {
        skipped = skipped == null ? List.of() : List.copyOf(skipped);
    }

    public WorkItem item(int index) {
        return new WorkItem(cellId, index / trials, index % trials);
    }
}
