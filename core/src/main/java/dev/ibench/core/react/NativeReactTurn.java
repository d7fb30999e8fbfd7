package dev.ibench.core.react;

import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.sample.NativeTurnText;
import java.util.List;
import java.util.Optional;

/**
 * A native agent's model turn as the results store keeps it ({@link NativeTurnText}): a turn with calls is
 * {@link ReactTurn.NativeCalls}; without calls its text is the final answer, or, when empty, {@link ReactTurn.Unparsable}.
 */
public final class NativeReactTurn {
    private NativeReactTurn() {}

    /** The stored form of a turn of {@code content} and {@code calls}. */
    public static String stored(String content, List<ChatToolCall> calls) {
        return new NativeTurnText(content, calls.stream().map(c -> new NativeTurnText.Call(c.id(), c.name(), c.arguments())).toList()).stored();
    }

    public static boolean isStored(String rawOutput) {
        return NativeTurnText.isStored(rawOutput);
    }

    /** The turn {@link #stored} wrote. */
    static ReactTurn read(String rawOutput) {
        Optional<NativeTurnText> turn = NativeTurnText.read(rawOutput);
        if (turn.isEmpty()) {
            return new ReactTurn.Unparsable(rawOutput, "the stored native turn is not JSON");
        }
        String content = turn.get().content();
        List<ChatToolCall> calls = turn.get().calls().stream().map(c -> new ChatToolCall(c.id(), c.name(), c.arguments())).toList();
        if (!calls.isEmpty()) {
            return new ReactTurn.NativeCalls(content, calls);
        }
        return content.isBlank() ? new ReactTurn.Unparsable(content, "the response is empty: neither a tool call nor an answer")
                : new ReactTurn.FinalAnswer("", content.strip());
    }
}
