package dev.ibench.activities.rest;

/** What the dedup step decided: endpoints kept, questions merged into an endpoint with the same SQL template, near-duplicates dropped. */
public record RestDedupSummary(int endpoints, int mergedSameTemplate, int nearDuplicatesDropped) {}
