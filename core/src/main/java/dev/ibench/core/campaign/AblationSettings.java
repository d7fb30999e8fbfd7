package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * A campaign's {@code ablation_settings:} block: settings of the ablations whose material a model writes
 * ({@code paraphrase}, {@code toolkit_expansion}). Each is required when its ablation is listed and refused when not.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AblationSettings(
        @JsonProperty("paraphrase") ParaphraseSettings paraphrase,
        @JsonProperty("toolkit_expansion") ToolkitExpansionSettings toolkitExpansion) {

    public static final AblationSettings NONE = new AblationSettings(null, null);

    List<String> problems(List<String> ablations) {
        List<String> problems = new ArrayList<>();
        check(problems, ablations, "paraphrase", paraphrase, paraphrase == null ? List.of() : paraphrase.problems("ablation_settings.paraphrase"));
        check(problems, ablations, "toolkit_expansion", toolkitExpansion,
                toolkitExpansion == null ? List.of() : toolkitExpansion.problems("ablation_settings.toolkit_expansion"));
        return problems;
    }

    private static void check(List<String> problems, List<String> ablations, String name, Object block, List<String> blockProblems) {
        if (ablations.contains(name) && block == null) {
            problems.add("ablation_settings." + name + ": missing; ablation '" + name
                    + "' needs the model that writes it, e.g. ablation_settings: {" + name + ": {model: {profile: openai-compatible, endpoint: http://HOST:PORT/v1, model: NAME}}}");
        } else if (!ablations.contains(name) && block != null) {
            problems.add("ablation_settings." + name + ": set, but '" + name + "' is not in ablations");
        }
        problems.addAll(blockProblems);
    }
}
