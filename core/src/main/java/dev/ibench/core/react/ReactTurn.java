package dev.ibench.core.react;

import dev.ibench.core.prompt.ChatToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one model turn of a ReACT agent says (seed 000 appendix G.1): an {@link Action} to run against the
 * tools, a {@link FinalAnswer}, or {@link Unparsable} text whose problem is fed back to the agent as the
 * step's observation so it can correct itself. A native agent's turn with tool calls is {@link NativeCalls}.
 */
public sealed interface ReactTurn {
    String thought();

    /** {@code Thought / Action / Action Input}: one tool call. */
    record Action(String thought, String tool, Map<String, Object> arguments) implements ReactTurn {
        public Action {
            arguments = arguments == null ? new LinkedHashMap<>() : new LinkedHashMap<>(arguments);
        }
    }

    /** {@code Thought / Final Answer}: the agent's answer to the question, as written. */
    record FinalAnswer(String thought, String answer) implements ReactTurn {}

    /**
     * A native agent's turn with tool calls ({@code react: {agent: native}}): the calls as the model wrote them (ids and
     * arguments verbatim), {@code thought} the text beside them.
     */
    record NativeCalls(String thought, List<ChatToolCall> calls) implements ReactTurn {
        public NativeCalls {
            calls = List.copyOf(calls);
        }
    }

    /** Text that follows neither form; {@code problem} says what is wrong. */
    record Unparsable(String thought, String problem) implements ReactTurn {}
}
