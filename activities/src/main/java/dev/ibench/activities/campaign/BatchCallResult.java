package dev.ibench.activities.campaign;

import java.util.List;

/**
 * What a model-call batch did: it started the first {@code started} items of its range (every started item either has
 * its raw output stored or is listed in {@code failures}); items after them were not attempted, because an item failed
 * in a way that would fail the next ones too. {@code elapsedMillis} sizes the cell's next batches. The tokens and
 * {@code costUsd} are what this attempt paid for (cache hits and outputs stored before count 0; cost null when no paid
 * call had a price); results recorded before they existed read as 0 and null.
 */
public record BatchCallResult(int started, long elapsedMillis, List<ItemFailure> failures,
                              long promptTokens, long completionTokens, Double costUsd) {
    public BatchCallResult {
        failures = List.copyOf(failures);
    }

    public BatchCallResult(int started, long elapsedMillis, List<ItemFailure> failures) {
        this(started, elapsedMillis, failures, 0, 0, null);
    }
}
