package dev.ibench.activities.rest;

/** One attempt at one question of a job: what every per-question activity takes. Attempts count from 1. */
public record RestStep(RestJob job, String questionId, int attempt) {}
