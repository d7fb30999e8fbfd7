package dev.ibench.core.rest;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The judge's decision on one executed endpoint: match or not, which judge decided ({@code deterministic}, {@code llm}), and why. */
public record JudgeVerdict(@JsonProperty("match") boolean match, @JsonProperty("judge") String judge, @JsonProperty("rationale") String rationale) {}
