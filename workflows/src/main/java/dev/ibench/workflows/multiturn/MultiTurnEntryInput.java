package dev.ibench.workflows.multiturn;

/**
 * One conversation to run: trial {@code trial} of the BFCL multi-turn entry at {@code position} of cell {@code cellId},
 * with the cell's model (its LLM task queue) and the step limit per turn.
 */
public record MultiTurnEntryInput(String campaignId, String cellId, String model, String llmTaskQueue, int position, int trial,
                                  int stepsPerTurn) {}
