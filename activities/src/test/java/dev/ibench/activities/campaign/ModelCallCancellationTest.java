package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 18, "cancelled model calls keep calling", through the direct cells' own activities: {@code campaign cancel}
 * cancels a running {@link ModelCallActivities#callModel} or {@link ModelCallActivities#callModelBatch}; the heartbeat
 * that learns it must abort the in-flight HTTP request (the endpoint, a MockWebServer test double, never answers; the
 * profile's timeout is 60 s) and send no retry. The store is a real SQLite results store.
 */
class ModelCallCancellationTest {
    @TempDir Path tmp;

    @Test
    void cancellingAModelCallAbortsItsRequest() throws Exception {
        assertAbortedOnCancel(activities -> activities.callModel(new WorkItem(CELL, 0, 0)));
    }

    @Test
    void cancellingAModelCallBatchAbortsItsRequests() throws Exception {
        assertAbortedOnCancel(activities -> activities.callModelBatch(new ItemBatch(CELL, 1, 0, 2, 1, Integer.MAX_VALUE)));
    }

    private static final String CELL = "c1/slow/b/direct";

    private void assertAbortedOnCancel(Consumer<ModelCallActivities> call) throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("slow.yaml"), """
                name: slow
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 32
                temperature: 0
                timeout_seconds: 60
                max_attempts: 4
                icl: {count: 0}
                """);
        List<Map<String, Object>> tools = List.of(Map.of("name", "get_height", "description", "height of a hero",
                "parameters", Map.of("type", "object", "properties", Map.of())));
        List<EvalSample> samples = List.of(
                new EvalSample("s/1", "superhero", "How tall is Abe Sapien?", null, 191, List.of(), null, tools, List.of()),
                new EvalSample("s/2", "superhero", "How tall is Batman?", null, 188, List.of(), null, tools, List.of()));
        Path evalSet = tmp.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(samples));
        TestActivityEnvironment env = TestActivityEnvironment.newInstance();
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            for (int i = 0; i < 4; i++) {
                server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE)); // the model is still thinking
            }
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "slow", "profile": "slow", "endpoint": "%s"}],
                     "benchmarks": [], "modes": ["direct"]}""".formatted(server.url("/v1")));
            store.saveCell(new CellRecord(CELL, "c1", "slow", "b", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(CELL, List.of("s/1", "s/2"));
            EvalSetCache evalSets = new EvalSetCache();
            ModelRunners runners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null);
            env.registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, runners, new SimpleMeterRegistry()));
            ModelCallActivities activities = env.newActivityStub(ModelCallActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofMinutes(5))
                    .setHeartbeatTimeout(Duration.ofSeconds(20))
                    .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                    .build());
            Thread canceller = new Thread(() -> {
                try {
                    server.takeRequest(10, TimeUnit.SECONDS); // the request is in flight
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                env.requestCancelActivity(); // what `campaign cancel` does to the running activity
            });
            long start = System.nanoTime();
            canceller.start();
            assertThatThrownBy(() -> call.accept(activities)).as("the cancelled activity fails").isNotNull();
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            canceller.join();
            assertThat(seconds).as("aborted at the next heartbeat (every 5 s), not waited out (60 s timeout)").isLessThan(20);
            assertThat(server.getRequestCount()).as("one request, no retry after cancellation").isEqualTo(1);
            assertThat(store.modelCall(CELL, "s/1", 0, 0)).as("no output stored for the cancelled call").isEmpty();
        } finally {
            env.close();
        }
    }
}
