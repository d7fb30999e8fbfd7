package dev.ibench.core.ablation;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One tool a model wrote for the {@code toolkit_expansion} ablation: the gold tool it was written for ({@code origin}),
 * its spec (OpenAI function: name, description, parameters), the signature embedded, its cosine similarity to the
 * origin's signature, and whether it was kept; a dropped tool has its {@code reason}
 * ({@code below_min_similarity}, {@code above_max_similarity}, {@code name_taken}: a tool the sample offers or an earlier kept one has it, {@code over_count}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Distractor(
        @JsonProperty("origin") String origin,
        @JsonProperty("name") String name,
        @JsonProperty("tool") Map<String, Object> tool,
        @JsonProperty("signature") String signature,
        @JsonProperty("similarity") Double similarity,
        @JsonProperty("kept") boolean kept,
        @JsonProperty("reason") String reason) {}
