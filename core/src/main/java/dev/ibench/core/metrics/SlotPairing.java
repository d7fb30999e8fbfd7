package dev.ibench.core.metrics;

/** How {@link SlotMetric} pairs a gold call with a predicted call of the same API name. */
public enum SlotPairing {
    /** The k-th gold call of a name with the k-th predicted call of that name (default, as the seed authors' later scorer; a perfect prediction scores 1). */
    OCCURRENCE,
    /** Every gold call with the last predicted call of its name, as an earlier version of the seed authors' scorer did. */
    LAST_BY_NAME
}
