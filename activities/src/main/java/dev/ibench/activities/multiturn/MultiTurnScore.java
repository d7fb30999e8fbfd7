package dev.ibench.activities.multiturn;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A multi-turn entry's stored result ({@code score_json}, with {@code "mode": "bfcl_multi_turn"}): BFCL's all-or-nothing
 * verdict ({@code valid}, {@code error_type}, the first failed turn), ibench's per-turn credit ({@code turn_passed}: per
 * turn true/false, null for a turn without ground-truth calls; {@code turns_checked}, {@code turns_passed}), how many
 * turns ran of the entry's, the model steps taken and the decoded calls per turn and step.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MultiTurnScore(
        @JsonProperty("category") String category,
        @JsonProperty("valid") boolean valid,
        @JsonProperty("error_type") String errorType,
        @JsonProperty("failed_turn") Integer failedTurn,
        @JsonProperty("turn_passed") List<Boolean> turnPassed,
        @JsonProperty("turns_checked") long turnsChecked,
        @JsonProperty("turns_passed") long turnsPassed,
        @JsonProperty("turns_run") int turnsRun,
        @JsonProperty("turns") int turns,
        @JsonProperty("steps") int steps,
        @JsonProperty("decoded_calls") List<List<List<String>>> decodedCalls) {
    public static final String MODE = "bfcl_multi_turn";
}
