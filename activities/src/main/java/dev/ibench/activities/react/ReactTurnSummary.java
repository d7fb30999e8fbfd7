package dev.ibench.activities.react;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What the model did at one step, small enough for workflow history: {@code kind} is {@code action},
 * {@code final_answer}, {@code parse_failure} or {@code context_exceeded} (the prompt no longer fits the
 * model: the trajectory ends); {@code call} is a short rendering of the action for activity summaries.
 * The tokens and {@code costUsd} are what this step's model call paid (0 when answered from the response cache or
 * when the step was stored before; cost null when the profile has no prices); {@code tokensUnknown}: the step's call was
 * paid but its server reported no usage (no tokenizer counted it), so its 0 tokens mean "not known". Summaries recorded
 * before these fields existed read as 0, null and false.
 */
public record ReactTurnSummary(int step, String kind, String tool, String call, boolean reused,
                               long promptTokens, long completionTokens, Double costUsd, boolean tokensUnknown) {
    public static final String ACTION = "action";
    public static final String FINAL_ANSWER = "final_answer";
    public static final String PARSE_FAILURE = "parse_failure";
    public static final String CONTEXT_EXCEEDED = "context_exceeded";

    /** A step's summary before what its model call paid is known ({@link #paid}). */
    public static ReactTurnSummary unpaid(int step, String kind, String tool, String call, boolean reused) {
        return new ReactTurnSummary(step, kind, tool, call, reused, 0, 0, null, false);
    }

    /** This summary with what its model call paid, its tokens unknown or not. */
    public ReactTurnSummary paid(long promptTokens, long completionTokens, Double costUsd, boolean tokensUnknown) {
        return new ReactTurnSummary(step, kind, tool, call, reused, promptTokens, completionTokens, costUsd, tokensUnknown);
    }

    @JsonIgnore
    public boolean isAction() {
        return ACTION.equals(kind);
    }

    @JsonIgnore
    public boolean endsTrajectory() {
        return FINAL_ANSWER.equals(kind) || CONTEXT_EXCEEDED.equals(kind);
    }
}
