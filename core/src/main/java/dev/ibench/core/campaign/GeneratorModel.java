package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * The model that writes an ablation's material (a paraphrase, distractor tools): a profile, optionally reached at
 * another endpoint, under another served model name, with the key in an environment variable (never the key itself).
 * It is not one of the campaign's evaluated models.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GeneratorModel(
        @JsonProperty("profile") String profile,
        @JsonProperty("endpoint") String endpoint,
        @JsonProperty("model") String model,
        @JsonProperty("api_key_env") String apiKeyEnv) {

    /** How reports name it: {@code profile} or {@code profile (model @ endpoint)}. */
    public String display() {
        if (endpoint == null && model == null) {
            return profile;
        }
        return profile + " (" + (model == null ? "" : model) + (endpoint == null ? "" : " @ " + endpoint) + ")";
    }

    /** The problems of an ablation's {@code model} entry ({@code field}), or that it is missing. */
    static List<String> problemsOf(GeneratorModel model, String field, String writes) {
        List<String> problems = new ArrayList<>();
        if (model == null) {
            problems.add(field + ": missing (the model that " + writes + ", e.g. {profile: openai-compatible, endpoint: ..., model: ...})");
            return problems;
        }
        if (model.profile() == null || model.profile().isBlank()) {
            problems.add(field + ".profile: missing (the profile of the model that " + writes + ")");
        }
        if (model.endpoint() != null) {
            EndpointUrl.problem(field + ".endpoint", model.endpoint()).ifPresent(problems::add);
        }
        return problems;
    }

    /** A cosine similarity bound must lie in [-1, 1]. */
    static void checkCosine(List<String> problems, String field, Double value) {
        if (value != null && (value < -1 || value > 1)) {
            problems.add(field + ": must be between -1 and 1 (a cosine similarity), got " + value);
        }
    }
}
