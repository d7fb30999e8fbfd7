package dev.ibench.workflows.react;

/** Where a trajectory is: the current step, the budget, and what the last step did. */
public record ReactSampleProgress(int step, int budget, String lastStep, boolean finished) {}
