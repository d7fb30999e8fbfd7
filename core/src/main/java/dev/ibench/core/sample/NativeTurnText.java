package dev.ibench.core.sample;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the results store keeps a model turn made through native tool calls (a native ReACT step, a BFCL multi-turn step
 * of a {@code mode: tools} profile) as the step's raw output: {@code {"native_turn": {"content": "...", "tool_calls":
 * [{"id", "name", "arguments"}]}}}, each call's arguments the JSON text the model wrote. The object's key tells it from a
 * text model's output, so a stored step reads back as what it was.
 */
public record NativeTurnText(String content, List<Call> calls) {
    private static final String KEY = "native_turn";
    private static final String PREFIX = "{\"" + KEY + "\":";

    /** One call as stored: its id (may be null), name and arguments as written. */
    public record Call(String id, String name, String arguments) {}

    public NativeTurnText {
        content = content == null ? "" : content;
        calls = List.copyOf(calls);
    }

    public static boolean isStored(String rawOutput) {
        return rawOutput != null && rawOutput.startsWith(PREFIX);
    }

    /** The stored text of this turn. */
    public String stored() {
        Map<String, Object> turn = new LinkedHashMap<>();
        turn.put("content", content);
        List<Map<String, Object>> written = new ArrayList<>();
        for (Call c : calls) {
            Map<String, Object> call = new LinkedHashMap<>();
            if (c.id() != null) {
                call.put("id", c.id());
            }
            call.put("name", c.name());
            call.put("arguments", c.arguments());
            written.add(call);
        }
        turn.put("tool_calls", written);
        try {
            return Json.MAPPER.writeValueAsString(Map.of(KEY, turn));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a native turn as JSON", e);
        }
    }

    /** The turn {@code rawOutput} holds, or empty when it is not a stored native turn (or not readable as one). */
    public static Optional<NativeTurnText> read(String rawOutput) {
        if (!isStored(rawOutput)) {
            return Optional.empty();
        }
        JsonNode turn;
        try {
            turn = Json.MAPPER.readTree(rawOutput).path(KEY);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        List<Call> calls = new ArrayList<>();
        for (JsonNode c : turn.path("tool_calls")) {
            calls.add(new Call(c.path("id").isTextual() ? c.path("id").asText() : null, c.path("name").asText(""),
                    c.path("arguments").asText("{}")));
        }
        return Optional.of(new NativeTurnText(turn.path("content").asText(""), calls));
    }
}
