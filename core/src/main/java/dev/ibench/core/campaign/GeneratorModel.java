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

    List<String> problems(String field) {
        List<String> problems = new ArrayList<>();
        if (profile == null || profile.isBlank()) {
            problems.add(field + ".profile: missing (the profile of the model that writes the ablation)");
        }
        if (endpoint != null && !endpoint.matches("https?://.+")) {
            problems.add(field + ".endpoint: '" + endpoint + "' is not an http(s) URL");
        }
        return problems;
    }
}
