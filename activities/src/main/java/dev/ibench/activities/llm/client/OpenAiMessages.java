package dev.ibench.activities.llm.client;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ChatToolCall;
import java.util.List;

/**
 * Chat messages in OpenAI's chat-completions wire format, as {@link OpenAiClient} sends them and as llama.cpp's jinja
 * path reads them ({@link GgufClient}): an assistant message's native calls as
 * {@code tool_calls: [{id, type: "function", function: {name, arguments: "<JSON text>"}}]} (content {@code null} when it
 * has no text beside them), a tool result as {@code {role: "tool", tool_call_id, content}}. A plain message stays
 * {@code {role, content}}. Reasoning is not sent back: the format has no field for it.
 */
final class OpenAiMessages {
    private OpenAiMessages() {}

    static ArrayNode of(List<ChatMessage> messages) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (ChatMessage m : messages) {
            ObjectNode message = out.addObject().put("role", m.role());
            if (m.toolCalls().isEmpty() || !m.content().isEmpty()) {
                message.put("content", m.content());
            } else {
                message.putNull("content");
            }
            if (m.toolCallId() != null) {
                message.put("tool_call_id", m.toolCallId());
            }
            if (!m.toolCalls().isEmpty()) {
                ArrayNode calls = message.putArray("tool_calls");
                for (ChatToolCall c : m.toolCalls()) {
                    ObjectNode call = calls.addObject();
                    if (c.id() != null) {
                        call.put("id", c.id());
                    }
                    call.put("type", "function");
                    call.putObject("function").put("name", c.name()).put("arguments", c.arguments());
                }
            }
        }
        return out;
    }
}
