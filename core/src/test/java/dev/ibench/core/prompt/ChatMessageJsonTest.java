package dev.ibench.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Chat messages with native tool calls and tool results, and plain messages as stored before they existed. */
class ChatMessageJsonTest {
    /** A stored prompt written before messages had tool calls (the exact JSON the store held). */
    private static final String OLD_PROMPT = "{\"text\":null,\"messages\":[{\"role\":\"system\",\"content\":\"You are a helper.\"},"
            + "{\"role\":\"user\",\"content\":\"Which hero is tallest?\"}],\"tools\":[]}";

    @Test
    void aPromptStoredBeforeToolCallsReadsAndWritesAsBefore() throws Exception {
        RenderedPrompt prompt = Json.MAPPER.readValue(OLD_PROMPT, RenderedPrompt.class);

        assertThat(prompt.messages()).containsExactly(ChatMessage.system("You are a helper."), ChatMessage.user("Which hero is tallest?"));
        assertThat(prompt.messages().get(1).toolCalls()).isEmpty();
        // written back byte for byte: cache keys and stored prompts of plain conversations do not change
        assertThat(Json.MAPPER.writeValueAsString(prompt.messages().get(0))).isEqualTo("{\"role\":\"system\",\"content\":\"You are a helper.\"}");
    }

    @Test
    void assistantToolCallsAndToolResultsRoundTrip() throws Exception {
        ChatMessage call = ChatMessage.assistant("", List.of(ChatToolCall.of("call_1", "get_weather", Map.of("city", "Paris"))), "it asks for weather");
        ChatMessage result = ChatMessage.tool("call_1", "18 C");

        String json = Json.MAPPER.writeValueAsString(List.of(call, result));

        assertThat(json).isEqualTo("[{\"role\":\"assistant\",\"content\":\"\",\"tool_calls\":[{\"id\":\"call_1\",\"name\":\"get_weather\","
                + "\"arguments\":\"{\\\"city\\\":\\\"Paris\\\"}\"}],\"reasoning\":\"it asks for weather\"},"
                + "{\"role\":\"tool\",\"content\":\"18 C\",\"tool_call_id\":\"call_1\"}]");
        ChatMessage[] back = Json.MAPPER.readValue(json, ChatMessage[].class);
        assertThat(back).containsExactly(call, result);
    }

    @Test
    void argumentsThatAreNotAnObjectAreKeptVerbatim() {
        assertThat(new ChatToolCall("c", "f", "[1, 2]").argumentsObject()).isEmpty();
        assertThat(new ChatToolCall("c", "f", "null").argumentsObject()).isEmpty();
        assertThat(new ChatToolCall("c", "f", "{\"a\": 1").argumentsObject()).isEmpty();
        assertThat(new ChatToolCall("c", "f", "{\"a\": 1").arguments()).isEqualTo("{\"a\": 1");
        assertThat(new ChatToolCall("c", "f", "{\"a\": 1}").argumentsObject()).contains(Map.of("a", 1));
    }

    @Test
    void toolCallsBelongToAssistantsAndToolMessagesNameTheirCall() {
        assertThatThrownBy(() -> new ChatMessage("user", "x", List.of(new ChatToolCall("c", "f", "{}")), null, null))
                .hasMessageContaining("only an assistant message carries tool calls");
        assertThatThrownBy(() -> new ChatMessage("tool", "x", List.of(), null, null)).hasMessageContaining("tool_call_id");
    }

    @Test
    void displayShowsCallsAndResults() {
        RenderedPrompt prompt = RenderedPrompt.chat(List.of(ChatMessage.user("weather?"),
                ChatMessage.assistant("", List.of(new ChatToolCall("call_1", "get_weather", "{\"city\":\"Paris\"}")), null),
                ChatMessage.tool("call_1", "18 C")), List.of());

        assertThat(prompt.display()).isEqualTo("[user]\nweather?\n[assistant]\n-> get_weather{\"city\":\"Paris\"}  (call_1)\n[tool call_1]\n18 C\n");
    }
}
