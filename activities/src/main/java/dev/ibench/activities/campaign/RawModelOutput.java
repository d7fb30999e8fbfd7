package dev.ibench.activities.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The text stored as a model's raw output: the generated text, or, when the model answered with native
 * tool calls, those calls as a JSON list ({@code [{"name":..,"arguments":{..}}]}) that the parser's
 * {@code json} stage reads back (profiles name this {@code native_tool_calls}). Arguments that are not a JSON object
 * are written as the text the server sent ({@code "arguments": "[1, 2]"}), which the parser reads as the model's wrong
 * format ({@code WRONG_FORMAT}), never as a call without arguments.
 */
final class RawModelOutput {
    private RawModelOutput() {}

    static String of(ModelResponse response) {
        if (response.toolCalls().isEmpty()) {
            return response.text();
        }
        List<Map<String, Object>> calls = response.chatToolCalls().stream().map(RawModelOutput::asMap).toList();
        try {
            return Json.MAPPER.writeValueAsString(calls);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise native tool calls", e);
        }
    }

    private static Map<String, Object> asMap(ChatToolCall call) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", call.name());
        m.put("arguments", call.argumentsObject().<Object>map(a -> a).orElse(call.arguments()));
        return m;
    }
}
