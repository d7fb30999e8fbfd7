package dev.ibench.activities.llm;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Decoding settings of one call; part of the cache key. {@code jsonSchema} asks for constrained output
 * (null: free text; {@code "{}"}: any JSON value). {@code topP}, {@code seed} and {@code frequencyPenalty} are sent
 * when set (null: the server's default, and absent from the cache key); a campaign trial always sets its own seed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema, Double topP, Long seed,
                               Double frequencyPenalty) {
    public DecodingSettings {
        stop = stop == null ? List.of() : List.copyOf(stop);
        if (maxTokens <= 0) {
            throw new IllegalArgumentException("maxTokens must be > 0, got " + maxTokens);
        }
    }

    public DecodingSettings(int maxTokens, double temperature, List<String> stop, String jsonSchema) {
        this(maxTokens, temperature, stop, jsonSchema, null, null, null);
    }

    /** These settings with another {@code max_tokens}. */
    public DecodingSettings withMaxTokens(int newMaxTokens) {
        return new DecodingSettings(newMaxTokens, temperature, stop, jsonSchema, topP, seed, frequencyPenalty);
    }
}
