package dev.ibench.workflows.rest;

import java.util.Map;

/** What the progress query and the UI show: the database, the state, candidates done of total, and verified questions per generator. */
public record RestGenerationProgress(String dbId, String state, int candidates, int done, int inFlight, Map<String, Integer> verifiedBy,
                                     Map<String, Integer> discardedBy) {}
