package dev.ibench.activities.react;

/** Result of one tool step, small enough for workflow history; the full observation is in the results store. */
public record ToolStepSummary(int step, boolean ok, String preview) {}
