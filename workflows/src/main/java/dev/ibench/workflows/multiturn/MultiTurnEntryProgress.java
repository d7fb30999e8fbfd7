package dev.ibench.workflows.multiturn;

/** Where a conversation is: its turn (0-based) of {@code turns}, the step in that turn, what the last step did. */
public record MultiTurnEntryProgress(int turn, int turns, int step, String lastStep, boolean finished) {}
