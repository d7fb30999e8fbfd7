package dev.ibench.activities.store;

/**
 * One stored model call of a sample's trial; {@code step} is 0 for direct mode and the TAO step in ReACT.
 * {@code reasoning} is reasoning the server returned apart from the output (null: none; reasoning written inside the
 * output, such as {@code <think>} blocks, stays in {@code rawOutput} and is separated when parsed); {@code reasoningTokens}
 * the server's count of reasoning tokens, part of {@code completionTokens} (null: not reported).
 */
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
        boolean cacheHit,
        String reasoning,
        Integer reasoningTokens) {
    public ModelCallRecord(String cellId, String sampleId, int trial, int step, String cacheKey, String rawOutput, Integer promptTokens,
                           Integer completionTokens, Long latencyMs, boolean cacheHit) {
        this(cellId, sampleId, trial, step, cacheKey, rawOutput, promptTokens, completionTokens, latencyMs, cacheHit, null, null);
    }
}
