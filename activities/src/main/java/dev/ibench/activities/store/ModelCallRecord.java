package dev.ibench.activities.store;

/** One stored model call of a sample's trial; {@code step} is 0 for direct mode and the TAO step in ReACT. */
public record ModelCallRecord(
        String cellId,
        String sampleId,
        int trial,
        int step,
        String cacheKey,
        String rawOutput,
        Integer promptTokens,
        Integer completionTokens,
        Long latencyMs,
        boolean cacheHit) {}
