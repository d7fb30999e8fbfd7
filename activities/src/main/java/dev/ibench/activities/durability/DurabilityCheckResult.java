package dev.ibench.activities.durability;

/**
 * Outcome of the durability check.
 *
 * @param value           the computed sum of squares
 * @param attempt         the activity attempt that finished the work (greater than 1 after a crash)
 * @param resumedFromStep the step the finishing attempt resumed from (0 when it started from scratch)
 */
public record DurabilityCheckResult(long value, int attempt, int resumedFromStep) {}
