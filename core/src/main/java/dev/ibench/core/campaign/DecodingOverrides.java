package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.prompt.ReasoningControl;
import java.util.ArrayList;
import java.util.List;

/**
 * A campaign's {@code decoding:} block: settings that override every model profile of the campaign (null: the
 * profile's own). {@code seed} is the campaign seed each trial's sampling seed is derived from ({@link TrialSeed}).
 * {@code reasoningEffort} ({@code low}, {@code medium}, {@code high}, {@code off}) replaces every profile's
 * {@code reasoning_effort}; a model whose profile cannot carry it is rejected naming both.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DecodingOverrides(
        @JsonProperty("temperature") Double temperature,
        @JsonProperty("top_p") Double topP,
        @JsonProperty("max_tokens") Integer maxTokens,
        @JsonProperty("seed") Long seed,
        @JsonProperty("reasoning_effort") String reasoningEffort) {

    public static final DecodingOverrides NONE = new DecodingOverrides(null, null, null, null, null);

    public DecodingOverrides(Double temperature, Double topP, Integer maxTokens, Long seed) {
        this(temperature, topP, maxTokens, seed, null);
    }

    /** The campaign seed: the block's, else 0. */
    public long campaignSeed() {
        return seed == null ? 0L : seed;
    }

    List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (temperature != null && (temperature < 0 || temperature > 2)) {
            problems.add("decoding.temperature: must be between 0 and 2, got " + temperature);
        }
        if (topP != null && (topP <= 0 || topP > 1)) {
            problems.add("decoding.top_p: must be > 0 and <= 1, got " + topP);
        }
        if (reasoningEffort != null && !ReasoningControl.EFFORTS.contains(reasoningEffort)) {
            problems.add("decoding.reasoning_effort: must be one of " + ReasoningControl.EFFORTS + ", got " + reasoningEffort);
        }
        if (maxTokens != null && maxTokens <= 0) {
            problems.add("decoding.max_tokens: must be > 0, got " + maxTokens);
        }
        return problems;
    }
}
