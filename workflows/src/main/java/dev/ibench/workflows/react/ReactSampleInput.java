package dev.ibench.workflows.react;

/**
 * One trajectory to run: trial {@code trial} of the sample at {@code position} of cell {@code cellId}, with
 * the cell's model (its LLM task queue), the step budget and the observation size in the prompt.
 */
public record ReactSampleInput(String campaignId, String cellId, String model, String llmTaskQueue, int position, int trial,
                               int budget, int observationChars) {}
