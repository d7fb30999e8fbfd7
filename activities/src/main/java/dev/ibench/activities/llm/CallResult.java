package dev.ibench.activities.llm;

/**
 * Outcome of a gateway call: the response, whether it came from the cache (then it cost nothing now),
 * how many provider attempts were made (0 on a cache hit), the cost of this call in USD (null without
 * prices; 0 on a hit), the cache key under which the response is stored, and where the call waited before its
 * requests were sent ({@link CallWaits}).
 */
public record CallResult(ModelResponse response, boolean cacheHit, int attempts, Double costUsd, String cacheKey, CallWaits waits) {
    public CallResult(ModelResponse response, boolean cacheHit, int attempts, Double costUsd, String cacheKey) {
        this(response, cacheHit, attempts, costUsd, cacheKey, CallWaits.NONE);
    }
}
