package dev.ibench.activities.multiturn;

/** Names one conversation: trial {@code trial} of the multi-turn entry at {@code position} in cell {@code cellId}. */
public record MultiTurnEntryRef(String cellId, int position, int trial) {}
