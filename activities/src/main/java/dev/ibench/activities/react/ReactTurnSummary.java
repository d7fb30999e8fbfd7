package dev.ibench.activities.react;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What the model did at one step, small enough for workflow history: {@code kind} is {@code action},
 * {@code final_answer}, {@code parse_failure} or {@code context_exceeded} (the prompt no longer fits the
 * model: the trajectory ends); {@code call} is a short rendering of the action for activity summaries.
 */
public record ReactTurnSummary(int step, String kind, String tool, String call, boolean reused) {
    public static final String ACTION = "action";
    public static final String FINAL_ANSWER = "final_answer";
    public static final String PARSE_FAILURE = "parse_failure";
    public static final String CONTEXT_EXCEEDED = "context_exceeded";

    @JsonIgnore
    public boolean isAction() {
        return ACTION.equals(kind);
    }

    @JsonIgnore
    public boolean endsTrajectory() {
        return FINAL_ANSWER.equals(kind) || CONTEXT_EXCEEDED.equals(kind);
    }
}
