package dev.ibench.activities.campaign;

/** What the calls of one model-call batch paid, added up from the batch's concurrent calls. */
final class BatchSpend {
    private long promptTokens;
    private long completionTokens;
    private Double costUsd;

    synchronized void add(Integer prompt, Integer completion, Double cost) {
        promptTokens += prompt == null ? 0 : prompt;
        completionTokens += completion == null ? 0 : completion;
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
}
