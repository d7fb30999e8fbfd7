package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.core.parse.ParserChains;
import java.nio.file.Path;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * llama-server's HTTP 500 for a model output it cannot parse (its messages from b11434's {@code common/chat.cpp}, the
 * error body in its {@code format_error_response} shape) is the model's answer: stored once with no text and no call, and
 * never asked again; any other 500 is still a server error, retried. The server is a MockWebServer (test double).
 */
class ServerUnparsedAnswerTest {
    @TempDir Path tmp;

    private static MockResponse error500(String message) {
        return new MockResponse().setResponseCode(500).setBody("{\"error\":{\"code\":500,\"message\":\"" + message + "\",\"type\":\"server_error\"}}");
    }

    @Test
    void aModelOutputTheServerCannotParseIsTheModelsAnswerAndAnyOther500IsAServerError() throws Exception {
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, ModelCallFixture.HEROES)) {
            fixture.profile("native", 32, "mode: tools\napi: chat\nparser: [native_tool_calls, json]\n");
            fixture.server.enqueue(error500("Failed to parse tool call arguments as JSON: [json.exception.parse_error.101] parse error at line 1, column 9: syntax error while parsing value - unexpected end of input"));
            fixture.server.enqueue(error500("The model produced output that does not match the expected peg-native format"));
            fixture.server.enqueue(error500("llama_decode failed: out of memory"));
            fixture.campaign("""
                    [{"name": "native", "profile": "native", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("native");
            ModelCallActivities activities = fixture.activities();
            activities.callModel(new WorkItem(cellId, 0, 0));
            activities.callModel(new WorkItem(cellId, 1, 0));
            assertThat(fixture.server.getRequestCount()).as("each unparsed answer asked once").isEqualTo(2);
            for (int position = 0; position < 2; position++) {
                ModelCallRecord call = fixture.store.modelCall(cellId, ModelCallFixture.HEROES.get(position).sampleId(), 0, 0).orElseThrow();
                assertThat(call.rawOutput()).isEmpty();
                assertThat(ParserChains.forProfile(List.of("native_tool_calls", "json")).parse(call.rawOutput()).calls()).isEmpty();
            }
            assertThatThrownBy(() -> activities.callModel(new WorkItem(cellId, 2, 0))).hasStackTraceContaining("HTTP 500");
            assertThat(fixture.store.modelCall(cellId, ModelCallFixture.HEROES.get(2).sampleId(), 0, 0)).isEmpty();
        }
    }
}
