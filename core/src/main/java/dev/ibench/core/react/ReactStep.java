package dev.ibench.core.react;

import dev.ibench.core.sample.ToolCall;

/**
 * One think-act-observe step of a trajectory, as stored: the model's raw text and what it was read as, and
 * for an action the call that ran (with the label the harness gave its result) and the full observation.
 * {@code observation} is null while the step's tool call has not run yet, and for a final answer.
 *
 * @param step        1-based step index (the TAO loop number)
 * @param toolOk      whether the tool call succeeded (false for a parse failure: its observation is the format error)
 */
public record ReactStep(int step, String rawOutput, ReactTurn turn, ToolCall call, String observation, boolean toolOk) {

    /** A step whose model turn is known but whose observation is not (yet). */
    public static ReactStep of(int step, String rawOutput) {
        ReactTurn turn = ReactTurnParser.parse(rawOutput);
        ToolCall call = turn instanceof ReactTurn.Action a ? new ToolCall(a.tool(), a.arguments(), ReactLabels.ofStep(step)) : null;
        String observation = turn instanceof ReactTurn.Unparsable u ? ReactFormat.formatError(u.problem()) : null;
        return new ReactStep(step, rawOutput, turn, call, observation, false);
    }

    public ReactStep withObservation(String fullObservation, boolean ok) {
        return new ReactStep(step, rawOutput, turn, call, fullObservation, ok);
    }

    public boolean isAction() {
        return turn instanceof ReactTurn.Action;
    }

    public boolean isFinalAnswer() {
        return turn instanceof ReactTurn.FinalAnswer;
    }

    public boolean isParseFailure() {
        return turn instanceof ReactTurn.Unparsable;
    }

    /** An action whose tool call ran and returned an error observation. */
    public boolean isToolError() {
        return isAction() && observation != null && !toolOk;
    }
}
