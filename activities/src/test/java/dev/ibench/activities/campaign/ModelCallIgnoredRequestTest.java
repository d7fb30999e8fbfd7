package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.IgnoredRequestParts;
import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ErrorCount;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.sample.EvalSample;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A direct cell whose profile asks for JSON-constrained output records, per answer, whether the server ignored the
 * constraint, so {@code campaign status} can warn: prose is a finding; a JSON list, and JSON cut short by max_tokens
 * (the server did follow the schema), are not. The server is a MockWebServer (test double) answering like llama.cpp's
 * /v1/completions; the activity runs in Temporal's activity test environment over a real SQLite results store.
 */
class ModelCallIgnoredRequestTest {
    @TempDir Path tmp;

    private static String completion(String text, String finishReason) throws Exception {
        return Json.MAPPER.writeValueAsString(Map.of("id", "x", "object", "text_completion", "model", "m",
                "choices", List.of(Map.of("index", 0, "finish_reason", finishReason, "text", text)),
                "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5, "total_tokens", 15)));
    }

    @Test
    void proseUnderAJsonConstraintIsRecordedForTheCellAndJsonIsNot() throws Exception {
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
        List<EvalSample> samples = List.of(
                new EvalSample("s/1", "superhero", "How tall is Abe Sapien?", null, 191, List.of(), null, tools, List.of()),
                new EvalSample("s/2", "superhero", "How tall is Batman?", null, 188, List.of(), null, tools, List.of()),
                new EvalSample("s/3", "superhero", "How tall is Robin?", null, 178, List.of(), null, tools, List.of()));
        Path evalSet = tmp.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(samples));
        String cellId = "c1/constrained/b/direct";
        TestActivityEnvironment env = TestActivityEnvironment.newInstance();
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            server.enqueue(new MockResponse().setBody(completion("Abe Sapien is 191 cm tall.", "stop")));
            server.enqueue(new MockResponse().setBody(completion("[{\"name\": \"get_height\", \"arguments\": {}}]", "stop")));
            server.enqueue(new MockResponse().setBody(completion("[{\"name\": \"get_height\", \"argum", "length")));
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "constrained", "profile": "constrained", "endpoint": "%s"}],
                     "benchmarks": [], "modes": ["direct"]}""".formatted(server.url("/v1")));
            store.saveCell(new CellRecord(cellId, "c1", "constrained", "b", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(cellId, List.of("s/1", "s/2", "s/3"));
            EvalSetCache evalSets = new EvalSetCache();
            ModelRunners runners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null);
            env.registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, runners, new SimpleMeterRegistry()));
            ModelCallActivities activities = env.newActivityStub(ModelCallActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                    .build());
            for (int position = 0; position < 3; position++) {
                activities.callModel(new WorkItem(cellId, position, 0));
            }

            assertThat(server.getRequestCount()).isEqualTo(3);
            List<ErrorCount> warnings = store.errorCounts(cellId, IgnoredRequestParts.KINDS);
            assertThat(warnings).as("only the prose answer (s/1) shows the constraint was ignored").singleElement().satisfies(w -> {
                assertThat(w.kind()).isEqualTo(IgnoredRequestParts.CONSTRAINT_IGNORED);
                assertThat(w.answers()).isEqualTo(1);
                assertThat(w.message()).contains("profile constrained").contains("not JSON");
            });

            activities.callModel(new WorkItem(cellId, 0, 0));
            assertThat(server.getRequestCount()).as("a stored answer is not asked again").isEqualTo(3);
            assertThat(store.errorCounts(cellId, IgnoredRequestParts.KINDS)).extracting(ErrorCount::answers).containsExactly(1);
        } finally {
            env.close();
        }
    }
}
