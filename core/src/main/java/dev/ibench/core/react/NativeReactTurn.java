package dev.ibench.core.react;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A native agent's model turn as the results store keeps it (the step's raw output in {@code model_calls}):
 * {@code {"native_turn": {"content": "...", "tool_calls": [{"id", "name", "arguments"}]}}}, the calls' arguments as the
 * model wrote them. The object's key tells it from a text agent's output, so a stored step reads back as what it was.
 * A turn with calls is {@link ReactTurn.NativeCalls}; without calls its text is the final answer, or, when empty,
 * {@link ReactTurn.Unparsable}.
 */
public final class NativeReactTurn {
    private static final String KEY = "native_turn";
    private static final String PREFIX = "{\"" + KEY + "\":";

    private NativeReactTurn() {}

    /** The stored form of a turn of {@code content} and {@code calls}. */
    public static String stored(String content, List<ChatToolCall> calls) {
        Map<String, Object> turn = new LinkedHashMap<>();
        turn.put("content", content == null ? "" : content);
        turn.put("tool_calls", calls);
        try {
            return Json.MAPPER.writeValueAsString(Map.of(KEY, turn));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a native turn as JSON", e);
        }
    }

    public static boolean isStored(String rawOutput) {
        return rawOutput != null && rawOutput.startsWith(PREFIX);
    }

    /** The turn {@link #stored} wrote. */
    static ReactTurn read(String rawOutput) {
        JsonNode turn;
        try {
            turn = Json.MAPPER.readTree(rawOutput).path(KEY);
        } catch (JsonProcessingException e) {
            return new ReactTurn.Unparsable(rawOutput, "the stored native turn is not JSON");
        }
        String content = turn.path("content").asText("");
        List<ChatToolCall> calls = new ArrayList<>();
        for (JsonNode c : turn.path("tool_calls")) {
            calls.add(new ChatToolCall(c.path("id").isTextual() ? c.path("id").asText() : null, c.path("name").asText(""),
                    c.path("arguments").asText("{}")));
        }
        if (!calls.isEmpty()) {
            return new ReactTurn.NativeCalls(content, calls);
        }
        return content.isBlank() ? new ReactTurn.Unparsable(content, "the response is empty: neither a tool call nor an answer")
                : new ReactTurn.FinalAnswer("", content.strip());
    }
}
