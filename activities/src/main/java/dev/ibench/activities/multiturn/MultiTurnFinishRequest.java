package dev.ibench.activities.multiturn;

/**
 * Scores a finished conversation: {@code turnsRun} turns were run (fewer than the entry's when a turn was forced to quit
 * at the step limit, as bfcl-eval stops the entry there).
 */
public record MultiTurnFinishRequest(String cellId, int position, int trial, int turnsRun) {}
