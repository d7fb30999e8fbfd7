package dev.ibench.core.campaign;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * A spending limit of a campaign or of one of its models (docs/ledger.md): USD (from the profiles' prices) and/or
 * tokens (prompt plus completion, every attempt). Reaching either pauses the campaign. Null fields: no limit of that kind.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Budget(@JsonProperty("usd") Double usd, @JsonProperty("tokens") Long tokens) {

    /** What is wrong with this budget, each problem prefixed with {@code where} (e.g. {@code models[0].budget}). */
    public List<String> problems(String where) {
        List<String> problems = new ArrayList<>();
        if (usd == null && tokens == null) {
            problems.add(where + ": give usd and/or tokens");
        }
        if (usd != null && !(usd > 0)) {
            problems.add(where + ".usd: must be > 0, got " + usd);
        }
        if (tokens != null && tokens <= 0) {
            problems.add(where + ".tokens: must be > 0, got " + tokens);
        }
        return problems;
    }

    /** This budget with the given limits raised (a null argument keeps the current limit). */
    public Budget raisedTo(Double newUsd, Long newTokens) {
        return new Budget(newUsd != null ? newUsd : usd, newTokens != null ? newTokens : tokens);
    }

    /** e.g. {@code {usd: 0.5, tokens: 1000}}, as written in a campaign file. */
    public String describe() {
        StringBuilder s = new StringBuilder("{");
        if (usd != null) s.append("usd: ").append(usd);
        if (tokens != null) s.append(s.length() > 1 ? ", " : "").append("tokens: ").append(tokens);
        return s.append('}').toString();
    }

    /** Whether spending of {@code spentUsd} and {@code spentTokens} has reached this budget. */
    public boolean reachedBy(double spentUsd, long spentTokens) {
        return (usd != null && spentUsd >= usd) || (tokens != null && spentTokens >= tokens);
    }
}
