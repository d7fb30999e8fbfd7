package dev.ibench.activities.campaign;

import java.util.List;

/**
 * What a model-call batch did: it started the first {@code started} items of its range (every started item either has
 * its raw output stored or is listed in {@code failures}); items after them were not attempted, because an item failed
 * in a way that would fail the next ones too. {@code elapsedMillis} sizes the cell's next batches.
 */
public record BatchCallResult(int started, long elapsedMillis, List<ItemFailure> failures) {
    public BatchCallResult {
        failures = List.copyOf(failures);
    }
}
