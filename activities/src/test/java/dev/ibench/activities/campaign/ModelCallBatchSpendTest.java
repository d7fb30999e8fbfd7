package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.activities.store.CellRecord;
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
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model-call batch returns what its calls paid: an item whose output was stored before counts 0, the others their
 * tokens and their cost at the profile's prices (by hand: 10 prompt tokens at $1000/M + 5 completion tokens at
 * $2000/M = $0.02 a call). The server is a MockWebServer (test double); the store is a real SQLite results store.
 */
class ModelCallBatchSpendTest {
    @TempDir Path tmp;

    private static String completion(String text) throws Exception {
        return Json.MAPPER.writeValueAsString(Map.of("id", "x", "object", "text_completion", "model", "m",
                "choices", List.of(Map.of("index", 0, "finish_reason", "stop", "text", text)),
                "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5, "total_tokens", 15)));
    }

    @Test
    void aBatchSumsTheTokensAndCostOfTheCallsItPaidFor() throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("priced.yaml"), """
                name: priced
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 32
                temperature: 0
                price_per_million_input: 1000
                price_per_million_output: 2000
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
        String cellId = "c1/priced/b/direct";
        TestActivityEnvironment env = TestActivityEnvironment.newInstance();
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            for (int i = 0; i < 3; i++) {
                server.enqueue(new MockResponse().setBody(completion("[{\"name\": \"get_height\", \"arguments\": {}}]")));
            }
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "priced", "profile": "priced", "endpoint": "%s"}],
                     "benchmarks": [], "modes": ["direct"]}""".formatted(server.url("/v1")));
            store.saveCell(new CellRecord(cellId, "c1", "priced", "b", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(cellId, List.of("s/1", "s/2", "s/3"));
            EvalSetCache evalSets = new EvalSetCache();
            ModelRunners runners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null);
            env.registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, runners, new SimpleMeterRegistry()));
            ModelCallActivities activities = env.newActivityStub(ModelCallActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                    .build());
            ModelCallResult first = activities.callModel(new WorkItem(cellId, 0, 0));
            assertThat(first.costUsd()).isCloseTo(0.02, Offset.offset(1e-12));

            BatchCallResult batch = activities.callModelBatch(new ItemBatch(cellId, 1, 0, 3, 2, Integer.MAX_VALUE));

            assertThat(batch.started()).isEqualTo(3);
            assertThat(batch.failures()).isEmpty();
            assertThat(server.getRequestCount()).as("item 0 was stored before, not asked again").isEqualTo(3);
            assertThat(batch.promptTokens()).isEqualTo(20);
            assertThat(batch.completionTokens()).isEqualTo(10);
            assertThat(batch.costUsd()).isCloseTo(0.04, Offset.offset(1e-12));
        } finally {
            env.close();
        }
    }
}
