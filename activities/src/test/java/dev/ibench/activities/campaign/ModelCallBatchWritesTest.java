package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.cache.ResponseCache;
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
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model-call batch writes its answered items in groups after the calls (GroupedOutputWriter): when the batch returns,
 * every answered item's output and prompt are stored and its answer is in the response cache (here in the results
 * database, so in the same transaction); an item whose output the store refuses (a SQLite trigger, standing in for a
 * failing disk) is reported as that item's failure without losing the others of its group; the batch run again asks
 * the endpoint only for that item. The server is a MockWebServer (test double); the store is a real SQLite file.
 */
class ModelCallBatchWritesTest {
    @TempDir Path tmp;

    @Test
    void answeredItemsAreStoredBeforeTheBatchReturnsAndAFailedWriteIsThatItemsFailure() throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("plain.yaml"), """
                name: plain
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 32
                temperature: 0
                icl: {count: 0}
                """);
        List<Map<String, Object>> tools = List.of(Map.of("name", "get_height", "description", "height of a hero",
                "parameters", Map.of("type", "object", "properties", Map.of())));
        List<EvalSample> samples = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            samples.add(new EvalSample("s/" + i, "superhero", "How tall is hero " + i + "?", null, 100 + i, List.of(), null, tools, List.of()));
            ids.add("s/" + i);
        }
        Path evalSet = tmp.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(samples));
        String cellId = "c1/plain/b/direct";
        TestActivityEnvironment env = TestActivityEnvironment.newInstance();
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"))) {
            for (int i = 0; i < 7; i++) {
                server.enqueue(new MockResponse().setBody(Json.MAPPER.writeValueAsString(Map.of("id", "x", "object", "text_completion",
                        "model", "m", "choices", List.of(Map.of("index", 0, "finish_reason", "stop", "text", "[]")),
                        "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5, "total_tokens", 15)))));
            }
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "plain", "profile": "plain", "endpoint": "%s"}],
                     "benchmarks": [], "modes": ["direct"]}""".formatted(server.url("/v1")));
            store.saveCell(new CellRecord(cellId, "c1", "plain", "b", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(cellId, ids);
            ResponseCache cache = new ResponseCache(database);
            try (Connection c = database.connection(); Statement s = c.createStatement()) {
                s.execute("CREATE TRIGGER refuse_s4 BEFORE INSERT ON model_calls WHEN NEW.sample_id = 's/4' "
                        + "BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
            }
            EvalSetCache evalSets = new EvalSetCache();
            ModelRunners runners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null);
            env.registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, runners, new SimpleMeterRegistry()));
            ModelCallActivities activities = env.newActivityStub(ModelCallActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                    .build());

            BatchCallResult first = activities.callModelBatch(new ItemBatch(cellId, 1, 0, 6, 3, Integer.MAX_VALUE));

            // s/5 waits for a place in the writer; when s/4's write has failed by then, it is not sent (GroupedOutputWriter.reserve)
            int firstRequests = server.getRequestCount();
            assertThat(firstRequests).isBetween(5, 6);
            boolean s5Sent = firstRequests == 6;
            assertThat(first.failures()).filteredOn(f -> f.index() == 4).singleElement()
                    .satisfies(f -> assertThat(f.message()).contains("disk says no"));
            assertThat(first.failures()).filteredOn(f -> f.index() != 4).as("only s/5, unsent").hasSize(s5Sent ? 0 : 1)
                    .allSatisfy(f -> {
                        assertThat(f.index()).isEqualTo(5);
                        assertThat(f.type()).isEqualTo(ModelCallActivitiesImpl.NOT_SENT);
                    });
            for (int i = 0; i < 6; i++) {
                if (i != 4 && (i != 5 || s5Sent)) {
                    assertThat(store.modelCall(cellId, "s/" + i, 0, 0)).as("output of s/" + i).get()
                            .satisfies(r -> assertThat(r.rawOutput()).isEqualTo("[]"));
                    assertThat(store.prompt(cellId, "s/" + i, 0)).as("prompt of s/" + i).isPresent();
                }
            }
            assertThat(store.modelCall(cellId, "s/4", 0, 0)).isEmpty();
            assertThat(store.prompt(cellId, "s/4", 0)).as("written with its output or not at all").isEmpty();
            assertThat(cache.size()).as("the refused item's cache entry was undone with its output").isEqualTo(firstRequests - 1);
            // only items whose output was stored count as paid by the batch (10 prompt tokens each)
            assertThat(first.promptTokens()).isEqualTo(10 * (firstRequests - 1));

            try (Connection c = database.connection(); Statement s = c.createStatement()) {
                s.execute("DROP TRIGGER refuse_s4");
            }
            BatchCallResult again = activities.callModelBatch(new ItemBatch(cellId, 1, 0, 6, 3, Integer.MAX_VALUE));

            assertThat(again.failures()).isEmpty();
            assertThat(server.getRequestCount()).as("the stored items are skipped, s/4's answer paid before is stored, not paid again")
                    .isEqualTo(6);
            assertThat(cache.size()).isEqualTo(6);
            assertThat(again.promptTokens()).as("s/4's answer counted as paid once, by the batch that stored it (and s/5's if it was not sent)")
                    .isEqualTo(s5Sent ? 10 : 20);
            assertThat(store.modelCall(cellId, "s/4", 0, 0)).isPresent();
        } finally {
            env.close();
        }
    }
}
