package dev.ibench.activities.campaign;

import java.util.List;

/**
 * What a model-call batch did: it started the first {@code started} items of its range (every started item either has
 * its raw output stored or is listed in {@code failures}); items after them were not attempted, because an item failed
 * in a way that would fail the next ones too, or ({@code yielded}) because its cell asked it to start no more
 * ({@link BatchGate}). {@code elapsedMillis} sizes the cell's next batches. The tokens and
 * {@code costUsd} are what this attempt paid for (cache hits and outputs stored before count 0; cost null when no paid
 * call had a price); {@code tokensUnknownCalls} counts the calls this attempt paid for whose tokens are unknown (the
 * server sent no usage, no tokenizer counted them): they add nothing to the tokens and cost, which are then lower bounds.
 * Results recorded before these fields existed read as 0, null and false.
 */
public record BatchCallResult(int started, long elapsedMillis, List<ItemFailure> failures,
                              long promptTokens, long completionTokens, Double costUsd, boolean yielded,
                              long tokensUnknownCalls) {
    public BatchCallResult {
        failures = List.copyOf(failures);
    }
}
