package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A direct cell under {@code constrained_output: tool_calls} sends a schema whose list holds at most as many calls as
 * the longest gold sequence of the cell's eval set (here 3, counted by hand below), for every sample, including one
 * whose own gold is shorter. The server is a MockWebServer (test double) answering like llama.cpp's /v1/completions,
 * which reads the schema from {@code json_schema}.
 */
class ToolCallBoundTest {
    @TempDir Path tmp;

    @Test
    void theSchemaSentForEverySampleIsBoundedByTheLongestGoldSequenceOfTheEvalSet() throws Exception {
        ToolCall call = new ToolCall("get_height", Map.of(), "H");
        List<EvalSample> samples = List.of(
                new EvalSample("s/1", "superhero", "How tall is Abe Sapien?", null, 191, List.of(call), null, ModelCallFixture.TOOLS, List.of()),
                new EvalSample("s/2", "superhero", "Who is taller, Batman or Robin?", null, "Batman", List.of(call, call, call), null, ModelCallFixture.TOOLS, List.of()),
                new EvalSample("s/3", "superhero", "How tall are Robin and Batman?", null, 178, List.of(call, call), null, ModelCallFixture.TOOLS, List.of()));
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, samples)) {
            fixture.profile("constrained", 32, "constrained_output: tool_calls\n");
            String answer = ModelCallFixture.completion("[{\"name\": \"get_height\", \"arguments\": {}, \"label\": \"H\"}]", "stop");
            fixture.server.enqueue(new MockResponse().setBody(answer));
            fixture.server.enqueue(new MockResponse().setBody(answer));
            fixture.campaign("""
                    [{"name": "constrained", "profile": "constrained", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("constrained", List.of("s/1", "s/3"));
            ModelCallActivities activities = fixture.activities();
            activities.callModel(new WorkItem(cellId, 0, 0));
            activities.callModel(new WorkItem(cellId, 1, 0));

            assertThat(fixture.server.getRequestCount()).isEqualTo(2);
            for (int i = 0; i < 2; i++) {
                RecordedRequest request = fixture.server.takeRequest();
                JsonNode schema = Json.MAPPER.readTree(request.getBody().readUtf8()).path("json_schema");
                assertThat(schema.path("type").asText()).isEqualTo("array");
                assertThat(schema.path("items").path("properties").path("name").path("enum")).extracting(JsonNode::asText).containsExactly("get_height");
                assertThat(schema.path("maxItems").asInt()).as("the eval set's longest gold (s/2, not in the cell's selection) has 3 calls")
                        .isEqualTo(3);
            }
        }
    }
}
