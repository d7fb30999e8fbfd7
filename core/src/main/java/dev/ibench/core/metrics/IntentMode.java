package dev.ibench.core.metrics;

/** How predicted and gold API names are matched by {@link IntentMetric}. */
public enum IntentMode {
    /** Distinct names: each distinct gold name found among the predicted names is one true positive. */
    SET,
    /** Multisets: a name predicted k times against g gold occurrences gives min(k, g) true positives. */
    COUNTER,
    /** Position-aware: count position matches from the start until the first mismatch. */
    LIST;

    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
