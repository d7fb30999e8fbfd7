package dev.ibench.activities.llm;

import java.util.List;

/**
 * Decoding settings of one call; part of the cache key. {@code jsonSchema} asks for constrained output
 * (null: free text; {@code "{}"}: any JSON value).
 */
public record DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema) {
    public DecodingSettings {
        stop = stop == null ? List.of() : List.copyOf(stop);
        if (maxTokens <= 0) {
            throw new IllegalArgumentException("maxTokens must be > 0, got " + maxTokens);
        }
    }
}
