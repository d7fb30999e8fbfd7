package dev.ibench.activities.react;

/** Asks for the model turn of {@code ref}; {@code observationChars} bounds each observation in the prompt. */
public record ReactThinkRequest(ReactStepRef ref, int observationChars) {}
