package dev.ibench.activities.multiturn;

/**
 * What executing a step's calls gave: how many ran, a short preview of their results, whether they had run before
 * (read back from the store) and whether this worker had to rebuild the entry's backends by replaying the recorded
 * calls (its interpreter was lost, e.g. with a killed worker).
 */
public record MultiTurnExecSummary(int calls, String preview, boolean reused, boolean rebuilt) {}
