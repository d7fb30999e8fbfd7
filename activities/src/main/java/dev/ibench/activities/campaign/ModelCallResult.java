package dev.ibench.activities.campaign;

/** Small summary of a stored model call (the raw output itself stays in the results store). */
public record ModelCallResult(boolean cacheHit, int promptTokens, int completionTokens, long latencyMs) {}
