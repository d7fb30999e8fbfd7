package dev.ibench.activities.llm;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Decoding settings of one call; part of the cache key. {@code jsonSchema} asks for constrained output
 * (null: free text; {@code "{}"}: any JSON value). {@code topP} and {@code seed} are sent when set (null: the
 * server's default); a campaign trial always sets its own seed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema, Double topP, Long seed) {
    public DecodingSettings {
        stop = stop == null ? List.of() : List.copyOf(stop);
        if (maxTokens <= 0) {
            throw new IllegalArgumentException("maxTokens must be > 0, got " + maxTokens);
        }
    }

    public DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema) {
        this(maxTokens, temperature, stop, jsonSchema, null, null);
    }
}
