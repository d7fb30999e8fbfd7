package dev.ibench.core.react;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * One think-act-observe step of a trajectory, as stored: the model's raw text and what it was read as, and
 * for an action the call that ran (with the label the harness gave its result) and the full observation.
 * {@code observation} is null while the step's tool call has not run yet, and for a final answer.
 * A native agent's step ({@link ReactTurn.NativeCalls}) may hold several calls: {@code calls} are those whose arguments
 * are a JSON object, in order (labels {@link ReactLabels#ofCall}), {@code call} the first of them, and
 * {@code observation} the JSON list of one observation per native call, in the order of the turn's calls.
 *
 * @param step        1-based step index (the TAO loop number)
 * @param toolOk      whether the tool call succeeded (false for a parse failure: its observation is the format error);
 *                    for a native step, whether every call that ran succeeded
 */
public record ReactStep(int step, String rawOutput, ReactTurn turn, ToolCall call, String observation, boolean toolOk,
                        List<ToolCall> calls) {
    public ReactStep {
        calls = calls == null ? (call == null ? List.of() : List.of(call)) : List.copyOf(calls);
    }

    public ReactStep(int step, String rawOutput, ReactTurn turn, ToolCall call, String observation, boolean toolOk) {
        this(step, rawOutput, turn, call, observation, toolOk, null);
    }

    /** A step whose model turn is known but whose observation is not (yet). */
    public static ReactStep of(int step, String rawOutput) {
        ReactTurn turn = NativeReactTurn.isStored(rawOutput) ? NativeReactTurn.read(rawOutput) : ReactTurnParser.parse(rawOutput);
        List<ToolCall> calls = new ArrayList<>();
        if (turn instanceof ReactTurn.Action a) {
            calls.add(new ToolCall(a.tool(), a.arguments(), ReactLabels.ofStep(step)));
        } else if (turn instanceof ReactTurn.NativeCalls n) {
            for (int i = 0; i < n.calls().size(); i++) {
                ToolCall c = nativeCall(step, n.calls(), i);
                if (c != null) {
                    calls.add(c);
                }
            }
        }
        String observation = turn instanceof ReactTurn.Unparsable u ? ReactFormat.formatError(u.problem()) : null;
        return new ReactStep(step, rawOutput, turn, calls.isEmpty() ? null : calls.get(0), observation, false, calls);
    }

    /** The {@code index}-th native call of step {@code step} as a call to run, or null when its arguments are not a JSON object. */
    public static ToolCall nativeCall(int step, List<ChatToolCall> calls, int index) {
        ChatToolCall c = calls.get(index);
        return c.argumentsObject().map(args -> new ToolCall(c.name(), args, ReactLabels.ofCall(step, index))).orElse(null);
    }

    public ReactStep withObservation(String fullObservation, boolean ok) {
        return new ReactStep(step, rawOutput, turn, call, fullObservation, ok, calls);
    }

    /** This step with its calls replaced (e.g. mapped back to the sample's names), in the same order. */
    public ReactStep withCalls(List<ToolCall> newCalls) {
        return new ReactStep(step, rawOutput, turn, newCalls.isEmpty() ? null : newCalls.get(0), observation, toolOk, newCalls);
    }

    public boolean isAction() {
        return turn instanceof ReactTurn.Action || turn instanceof ReactTurn.NativeCalls;
    }

    public boolean isFinalAnswer() {
        return turn instanceof ReactTurn.FinalAnswer;
    }

    /** A turn that could not be read, or a native turn with a call whose arguments are not a JSON object (the model's format error). */
    public boolean isParseFailure() {
        return turn instanceof ReactTurn.Unparsable
                || turn instanceof ReactTurn.NativeCalls n && n.calls().stream().anyMatch(c -> c.argumentsObject().isEmpty());
    }

    /** An action whose tool call ran and returned an error observation. */
    public boolean isToolError() {
        return isAction() && observation != null && !toolOk;
    }

    /** The observations of the step's calls: one per native call, else the one observation (empty while none is stored). */
    public List<String> observations() {
        if (observation == null) {
            return List.of();
        }
        if (!(turn instanceof ReactTurn.NativeCalls)) {
            return List.of(observation);
        }
        try {
            return Json.MAPPER.readValue(observation, new TypeReference<List<String>>() {});
        } catch (JsonProcessingException e) {
            return List.of(observation);
        }
    }
}
