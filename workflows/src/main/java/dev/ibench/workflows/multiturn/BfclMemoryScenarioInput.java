package dev.ibench.workflows.multiturn;

/**
 * The prerequisite conversations to run: those of {@code scenario} in trial {@code trial} of memory cell {@code cellId},
 * with the cell's model (its LLM task queue) and the step limit per turn.
 */
public record BfclMemoryScenarioInput(String campaignId, String cellId, String model, String llmTaskQueue, String scenario, int trial,
                                      int stepsPerTurn) {}
