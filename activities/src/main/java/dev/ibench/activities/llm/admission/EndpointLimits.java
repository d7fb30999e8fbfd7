package dev.ibench.activities.llm.admission;

/**
 * What a caller lets all workers together send to one endpoint: {@code ratePerSecond} requests per second (every attempt
 * counted) and {@code tokensPerMinute} prompt plus completion tokens per minute; null: no such limit.
 */
public record EndpointLimits(Double ratePerSecond, Integer tokensPerMinute) {
    public static final EndpointLimits NONE = new EndpointLimits(null, null);

    /** Only a request rate (null: none). */
    public static EndpointLimits rate(Double ratePerSecond) {
        return new EndpointLimits(ratePerSecond, null);
    }

    public boolean any() {
        return ratePerSecond != null || tokensPerMinute != null;
    }
}
