package dev.ibench.activities.campaign;

/**
 * What the calls of one model-call batch paid, added up from the batch's concurrent calls; a paid call whose tokens are
 * unknown (no usage block, no tokenizer) adds no tokens and is counted apart.
 */
final class BatchSpend {
    private long promptTokens;
    private long completionTokens;
    private Double costUsd;
    private long tokensUnknownCalls;

    synchronized void add(Integer prompt, Integer completion, Double cost, boolean tokensUnknown) {
        if (tokensUnknown) {
            tokensUnknownCalls++;
        } else {
            promptTokens += prompt == null ? 0 : prompt;
            completionTokens += completion == null ? 0 : completion;
        }
        if (cost != null) {
            costUsd = (costUsd == null ? 0.0 : costUsd) + cost;
        }
    }

    synchronized long promptTokens() {
        return promptTokens;
    }

    synchronized long completionTokens() {
        return completionTokens;
    }

    /** Null when no call of the batch had a price. */
    synchronized Double costUsd() {
        return costUsd;
    }

    /** Paid calls whose tokens are unknown. */
    synchronized long tokensUnknownCalls() {
        return tokensUnknownCalls;
    }
}
