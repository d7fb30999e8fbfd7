package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.testing.TestActivityEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("constrained.yaml"), """
                name: constrained
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 32
                temperature: 0
                constrained_output: tool_calls
                icl: {count: 0}
                """);
        List<Map<String, Object>> tools = List.of(Map.of("name", "get_height", "description", "height of a hero",
                "parameters", Map.of("type", "object", "properties", Map.of())));
        ToolCall call = new ToolCall("get_height", Map.of(), "H");
        List<EvalSample> samples = List.of(
                new EvalSample("s/1", "superhero", "How tall is Abe Sapien?", null, 191, List.of(call), null, tools, List.of()),
                new EvalSample("s/2", "superhero", "Who is taller, Batman or Robin?", null, "Batman", List.of(call, call, call), null, tools, List.of()),
                new EvalSample("s/3", "superhero", "How tall are Robin and Batman?", null, 178, List.of(call, call), null, tools, List.of()));
        Path evalSet = tmp.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(samples));
        String cellId = "c1/constrained/b/direct";
        TestActivityEnvironment env = TestActivityEnvironment.newInstance();
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            String answer = Json.MAPPER.writeValueAsString(Map.of("id", "x", "object", "text_completion", "model", "m",
                    "choices", List.of(Map.of("index", 0, "finish_reason", "stop", "text", "[{\"name\": \"get_height\", \"arguments\": {}, \"label\": \"H\"}]")),
                    "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5, "total_tokens", 15)));
            server.enqueue(new MockResponse().setBody(answer));
            server.enqueue(new MockResponse().setBody(answer));
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "constrained", "profile": "constrained", "endpoint": "%s"}],
                     "benchmarks": [], "modes": ["direct"]}""".formatted(server.url("/v1")));
            store.saveCell(new CellRecord(cellId, "c1", "constrained", "b", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(cellId, List.of("s/1", "s/3"));
            EvalSetCache evalSets = new EvalSetCache();
            ModelRunners runners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null);
            env.registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, runners, new SimpleMeterRegistry()));
            ModelCallActivities activities = env.newActivityStub(ModelCallActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                    .build());
            activities.callModel(new WorkItem(cellId, 0, 0));
            activities.callModel(new WorkItem(cellId, 1, 0));

            assertThat(server.getRequestCount()).isEqualTo(2);
            for (int i = 0; i < 2; i++) {
                RecordedRequest request = server.takeRequest();
                JsonNode schema = Json.MAPPER.readTree(request.getBody().readUtf8()).path("json_schema");
                assertThat(schema.path("type").asText()).isEqualTo("array");
                assertThat(schema.path("items").path("properties").path("name").path("enum")).extracting(JsonNode::asText).containsExactly("get_height");
                assertThat(schema.path("maxItems").asInt()).as("the eval set's longest gold (s/2, not in the cell's selection) has 3 calls")
                        .isEqualTo(3);
            }
        } finally {
            env.close();
        }
    }
}
