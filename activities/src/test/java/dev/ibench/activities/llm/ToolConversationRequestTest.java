package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.cache.CacheKey;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.ToolCall;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;

/**
 * Conversations with native tool calls (issue 42 items 1 and 6): the OpenAI client sends assistant {@code tool_calls}
 * and {@code tool} messages in OpenAI's wire format, reads the calls' ids and verbatim arguments back, and the response
 * cache key tells conversations apart by their calls. TEST DOUBLE: MockWebServer.
 */
class ToolConversationRequestTest {
    private static final List<Map<String, Object>> TOOLS = List.of(Map.of("type", "function",
            "function", Map.of("name", "get_height", "parameters", Map.of("type", "object"))));

    private static RenderedPrompt conversation(String callId, String arguments) {
        return RenderedPrompt.chat(List.of(
                ChatMessage.system("Answer with the tools."),
                ChatMessage.user("How tall is Batman?"),
                ChatMessage.assistant("", List.of(new ChatToolCall(callId, "get_height", arguments)), "look it up"),
                ChatMessage.tool(callId, "188 cm")), TOOLS);
    }

    private static ModelRequest request(RenderedPrompt prompt) {
        return new ModelRequest("m", prompt, new DecodingSettings(16, 0, List.of(), null), "s");
    }

    private static ModelResponse answer(MockWebServer server, String body, RenderedPrompt prompt) {
        server.enqueue(new MockResponse().setBody(body));
        try (OpenAiClient client = new OpenAiClient(server.url("/v1").toString(), ApiKey.none(), Duration.ofSeconds(5))) {
            return client.complete(request(prompt));
        }
    }

    private static String callAnswer(String arguments) {
        return "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"call_9\",\"type\":\"function\","
                + "\"function\":{\"name\":\"get_height\",\"arguments\":" + Json.MAPPER.valueToTree(arguments) + "}}]},"
                + "\"finish_reason\":\"tool_calls\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3}}";
    }

    @Test
    void toolCallsAndToolMessagesGoOutInOpenAisFormat() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            answer(server, "{\"choices\":[{\"message\":{\"content\":\"188 cm\"}}]}", conversation("call_1", "{\"name\": \"Batman\"}"));

            JsonNode sent = Json.MAPPER.readTree(server.takeRequest(1, TimeUnit.SECONDS).getBody().readUtf8());
            // OpenAI chat completions: assistant content null beside its calls, arguments a JSON string, the tool
            // message naming the call; reasoning is not sent back
            assertThat(sent.get("messages")).isEqualTo(Json.MAPPER.readTree("""
                    [{"role":"system","content":"Answer with the tools."},
                     {"role":"user","content":"How tall is Batman?"},
                     {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
                        "function":{"name":"get_height","arguments":"{\\"name\\": \\"Batman\\"}"}}]},
                     {"role":"tool","content":"188 cm","tool_call_id":"call_1"}]"""));
            assertThat(sent.get("tools")).isEqualTo(Json.MAPPER.valueToTree(TOOLS));
        }
    }

    @Test
    void theCallsIdsAndArgumentsAreReadAsSent() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            ModelResponse r = answer(server, callAnswer("{\"name\": \"Batman\"}"), conversation("call_1", "{}"));

            assertThat(r.nativeCalls()).containsExactly(new ChatToolCall("call_9", "get_height", "{\"name\": \"Batman\"}"));
            assertThat(r.toolCalls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
            assertThat(r.chatToolCalls()).isEqualTo(r.nativeCalls());
        }
    }

    @Test
    void argumentsThatAreNotAnObjectAreKeptVerbatimNeverEmptied() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            server.start();
            for (String arguments : List.of("[\"Batman\"]", "7", "null", "{\"name\": \"Bat")) {
                ModelResponse r = answer(server, callAnswer(arguments), conversation("call_1", "{}"));

                assertThat(r.nativeCalls()).extracting(ChatToolCall::arguments).containsExactly(arguments);
                assertThat(r.toolCalls()).containsExactly(new ToolCall("get_height", Map.of(ModelResponse.UNPARSED_ARGUMENTS, arguments), null));
            }
        }
    }

    @Test
    void aCachedAnswerFromBeforeKeepsItsUnparsedArgumentsVerbatim() throws Exception {
        ModelResponse old = Json.MAPPER.readValue("{\"text\":\"\",\"tool_calls\":[{\"name\":\"f\",\"arguments\":{\"__unparsed_arguments__\":\"[1\"}},"
                + "{\"name\":\"g\",\"arguments\":{\"x\":1}}],\"prompt_tokens\":1,\"completion_tokens\":1,\"latency_ms\":1}", ModelResponse.class);

        assertThat(old.nativeCalls()).isEmpty();
        assertThat(old.chatToolCalls()).containsExactly(new ChatToolCall("call_1", "f", "[1"), new ChatToolCall("call_2", "g", "{\"x\":1}"));
    }

    @Test
    void theCacheKeyCoversTheCallsIdsAndArguments() {
        String key = CacheKey.of("http://e/v1", request(conversation("call_1", "{\"name\":\"Batman\"}")));

        assertThat(CacheKey.of("http://e/v1", request(conversation("call_1", "{\"name\":\"Batman\"}")))).isEqualTo(key);
        assertThat(CacheKey.of("http://e/v1", request(conversation("call_2", "{\"name\":\"Batman\"}")))).isNotEqualTo(key);
        assertThat(CacheKey.of("http://e/v1", request(conversation("call_1", "{\"name\":\"Robin\"}")))).isNotEqualTo(key);
    }
}
