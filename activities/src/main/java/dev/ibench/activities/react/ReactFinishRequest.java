package dev.ibench.activities.react;

/** Classifies and stores the outcome of the trajectory of {@code ref} (its step field is ignored). */
public record ReactFinishRequest(ReactStepRef ref, int budget) {}
