package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParseStatus;
import dev.ibench.core.parse.ParsedOutput;
import dev.ibench.core.parse.ParserChains;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42 item 6: a server's native tool call whose arguments are not a JSON object (an array, a number, {@code null},
 * cut off) is the model's wrong format: the answer is stored with the arguments verbatim, never as {@code {}}, and the
 * profile's parser reads it as {@code WRONG_FORMAT}, not as a call and not as an infrastructure failure. The server is a
 * MockWebServer (test double) answering like an OpenAI chat endpoint; the activity runs in Temporal's activity test
 * environment over a real SQLite results store.
 */
class NativeCallArgumentsFormatTest {
    @TempDir Path tmp;

    private static String toolCallAnswer(String arguments) throws Exception {
        return Json.MAPPER.writeValueAsString(Map.of("choices", List.of(Map.of("finish_reason", "tool_calls", "message", Map.of(
                "role", "assistant", "tool_calls", List.of(Map.of("id", "call_1", "type", "function",
                        "function", Map.of("name", "get_height", "arguments", arguments)))))),
                "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5)));
    }

    @Test
    void argumentsThatAreNotAnObjectAreStoredVerbatimAndScoredAsWrongFormat() throws Exception {
        List<String> arguments = List.of("[\"Abe Sapien\"]", "191", "{\"name\": \"Rob");
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("native", 32, "mode: tools\napi: chat\nparser: [native_tool_calls, json]\n");
            for (String a : arguments) {
                fixture.server.enqueue(new MockResponse().setBody(toolCallAnswer(a)));
            }
            fixture.campaign("""
                    [{"name": "native", "profile": "native", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("native");
            ModelCallActivities activities = fixture.activities();
            for (int position = 0; position < 3; position++) {
                activities.callModel(new WorkItem(cellId, position, 0));
            }

            for (int i = 0; i < 3; i++) {
                String raw = fixture.store.modelCall(cellId, ModelCallFixture.HEROES.get(i).sampleId(), 0, 0).orElseThrow().rawOutput();
                assertThat(raw).isEqualTo("[{\"name\":\"get_height\",\"arguments\":" + Json.MAPPER.writeValueAsString(arguments.get(i)) + "}]");
                ParsedOutput parsed = ParserChains.forProfile(List.of("native_tool_calls", "json")).parse(raw);
                assertThat(parsed.status()).as(arguments.get(i)).isEqualTo(ParseStatus.WRONG_FORMAT);
                assertThat(parsed.calls()).isEmpty();
            }
        }
    }
}
