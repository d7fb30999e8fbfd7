package dev.ibench.core.react;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Knobs of a ReACT run: the think-act-observe budget (seed 000 section 4.3: 10 loops) and how many
 * characters of an observation go into the prompt (the full observation is stored regardless).
 */
public record ReactSettings(
        @JsonProperty("budget") int budget, @JsonProperty("observation_chars") int observationChars) {
    public static final ReactSettings DEFAULT = new ReactSettings(10, 1000);

    public ReactSettings {
        if (budget < 1) {
            throw new IllegalArgumentException("ReACT budget must be at least 1 step, got " + budget);
        }
        if (observationChars < 20) {
            throw new IllegalArgumentException("ReACT observation size must be at least 20 characters, got " + observationChars);
        }
    }
}
