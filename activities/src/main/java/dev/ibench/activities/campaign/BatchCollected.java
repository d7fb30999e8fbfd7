package dev.ibench.activities.campaign;

import java.util.List;

/**
 * What collecting an ended batch stored: {@code stored} items' outputs (each as a normal call's, with its ledger row at
 * the batch price), the items whose line failed, expired or was cancelled ({@code failures}, type
 * {@link #LINE_NOT_ANSWERED}), and what the stored answers cost (as {@link BatchCallResult}'s fields).
 */
public record BatchCollected(int stored, List<ItemFailure> failures, long promptTokens, long completionTokens, Double costUsd,
                             long tokensUnknownCalls) {
    /** The failure type of an item its batch did not answer. */
    public static final String LINE_NOT_ANSWERED = "BatchLineNotAnswered";

    public BatchCollected {
        failures = List.copyOf(failures);
    }
}
