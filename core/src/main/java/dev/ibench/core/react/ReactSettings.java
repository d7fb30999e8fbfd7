package dev.ibench.core.react;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Set;

/**
 * Knobs of a ReACT run: the think-act-observe budget (seed 000 section 4.3: 10 loops) and how many
 * characters of an observation go into the prompt (the full observation is stored regardless). For BFCL multi-turn
 * conversations (run in react cells) {@code steps_per_turn} is the step limit of each turn, bfcl-eval's
 * {@code MAXIMUM_STEP_LIMIT} (20) when absent: a turn whose model keeps calling after that many executed steps is forced to
 * quit, and the entry fails as bfcl-eval fails it. {@code agent} is how a ReACT cell's model acts: {@code text} (the
 * seed's G.1 loop, the default; null means it) or {@code native} (each step one model turn with native {@code tools},
 * its tool calls the step's actions, their results tool messages). A {@code react:} map that leaves a key out takes its
 * default.
 */
public record ReactSettings(
        @JsonProperty("budget") int budget, @JsonProperty("observation_chars") int observationChars,
        @JsonProperty("steps_per_turn") Integer stepsPerTurn, @JsonProperty("agent") @JsonInclude(JsonInclude.Include.NON_NULL) String agent) {
    public static final String TEXT_AGENT = "text";
    public static final String NATIVE_AGENT = "native";
    private static final Set<String> AGENTS = Set.of(TEXT_AGENT, NATIVE_AGENT);
    public static final int DEFAULT_BUDGET = 10;
    public static final int DEFAULT_OBSERVATION_CHARS = 1000;
    public static final ReactSettings DEFAULT = new ReactSettings(DEFAULT_BUDGET, DEFAULT_OBSERVATION_CHARS);
    /** bfcl-eval 2026.3.23's {@code MAXIMUM_STEP_LIMIT}. */
    public static final int BFCL_STEP_LIMIT = 20;

    public ReactSettings(int budget, int observationChars) {
        this(budget, observationChars, null);
    }

    public ReactSettings(int budget, int observationChars, Integer stepsPerTurn) {
        this(budget, observationChars, stepsPerTurn, null);
    }

    /** A {@code react:} map as written: each key left out takes its default. */
    @JsonCreator
    static ReactSettings fromMap(@JsonProperty("budget") Integer budget, @JsonProperty("observation_chars") Integer observationChars,
                                 @JsonProperty("steps_per_turn") Integer stepsPerTurn, @JsonProperty("agent") @JsonInclude(JsonInclude.Include.NON_NULL) String agent) {
        return new ReactSettings(budget == null ? DEFAULT_BUDGET : budget,
                observationChars == null ? DEFAULT_OBSERVATION_CHARS : observationChars, stepsPerTurn, agent);
    }

    /** Whether the agent acts through native tool calls ({@code agent: native}) rather than the G.1 text loop. */
    @JsonIgnore
    public boolean nativeAgent() {
        return NATIVE_AGENT.equals(agent);
    }

    /** The step limit per multi-turn turn: {@code steps_per_turn}, else BFCL's own. */
    public int stepLimitPerTurn() {
        return stepsPerTurn == null ? BFCL_STEP_LIMIT : stepsPerTurn;
    }

    public ReactSettings {
        if (agent != null && !AGENTS.contains(agent)) {
            throw new IllegalArgumentException("react agent must be text or native, got '" + agent + "'");
        }
        if (stepsPerTurn != null && (stepsPerTurn < 1 || stepsPerTurn > 90)) {
            throw new IllegalArgumentException("react steps_per_turn must be between 1 and 90, got " + stepsPerTurn);
        }
        if (budget < 1) {
            throw new IllegalArgumentException("ReACT budget must be at least 1 step, got " + budget);
        }
        if (observationChars < 20) {
            throw new IllegalArgumentException("ReACT observation size must be at least 20 characters, got " + observationChars);
        }
    }
}
