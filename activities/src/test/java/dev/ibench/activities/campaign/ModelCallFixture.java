package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.spend.SpendLedger;
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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import okhttp3.mockwebserver.MockWebServer;

/**
 * TEST TOOL: what a campaign's model call needs, in a temporary folder: an OpenAI-compatible endpoint (OkHttp
 * {@link MockWebServer}, test double; script it through {@link #server}), a real SQLite results store and response
 * cache, a profiles folder and an eval set of superhero questions. Models of the campaign call {@link #endpoint()}.
 */
final class ModelCallFixture implements AutoCloseable {
    static final List<Map<String, Object>> TOOLS = List.of(Map.of("name", "get_height", "description", "height of a hero",
            "parameters", Map.of("type", "object", "properties", Map.of())));
    static final List<EvalSample> HEROES = List.of(
            new EvalSample("s/1", "superhero", "How tall is Abe Sapien?", null, 191, List.of(), null, TOOLS, List.of()),
            new EvalSample("s/2", "superhero", "How tall is Batman?", null, 188, List.of(), null, TOOLS, List.of()),
            new EvalSample("s/3", "superhero", "How tall is Robin?", null, 178, List.of(), null, TOOLS, List.of()));

    final MockWebServer server = new MockWebServer();
    final ResultsDatabase database;
    final ResponseCache cache;
    final ResultsStore store;
    final EvalSetCache evalSets = new EvalSetCache();
    private final Path profiles;
    private final Path evalSet;
    private final List<EvalSample> samples;
    private TestActivityEnvironment env;

    /** The fixture over {@code dir} (a JUnit {@code @TempDir}), its eval set holding {@code samples}. */
    ModelCallFixture(Path dir, List<EvalSample> samples) throws IOException {
        this.samples = samples;
        profiles = Files.createDirectories(dir.resolve("profiles"));
        evalSet = dir.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(samples));
        database = ResultsDatabase.open(dir.resolve("results.db"));
        cache = new ResponseCache(dir.resolve("cache.db"));
        store = new ResultsStore(database);
    }

    /** An llama.cpp-like completion answer: {@code text}, 10 prompt and 5 completion tokens. */
    static String completion(String text, String finishReason) throws IOException {
        return Json.MAPPER.writeValueAsString(Map.of("id", "x", "object", "text_completion", "model", "m",
                "choices", List.of(Map.of("index", 0, "finish_reason", finishReason, "text", text)),
                "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5, "total_tokens", 15)));
    }

    /** Writes profile {@code name} (prompt mode over /v1/completions, greedy, no ICL) with {@code extraYaml} lines. */
    void profile(String name, int maxTokens, String extraYaml) throws IOException {
        Files.writeString(profiles.resolve(name + ".yaml"), """
                name: %s
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: %d
                temperature: 0
                icl: {count: 0}
                """.formatted(name, maxTokens) + extraYaml);
    }

    String endpoint() {
        return server.url("/v1").toString();
    }

    /** Campaign {@code c1} with these model entries (a JSON array) and no benchmarks, direct mode. */
    void campaign(String modelsJson) {
        store.saveCampaign("c1", "t", """
                {"name": "t", "models": %s, "benchmarks": [], "modes": ["direct"]}""".formatted(modelsJson));
    }

    /** The direct cell of {@code model} on benchmark {@code b}, over the whole eval set; not saved. */
    CellRecord cell(String model) {
        return new CellRecord("c1/" + model + "/b/direct", "c1", model, "b", "direct", "none", evalSet.toString(), 1);
    }

    /** Saves {@link #cell(String)} with all the eval set's samples, and returns its id. */
    String savedCell(String model) {
        return savedCell(model, samples.stream().map(EvalSample::sampleId).toList());
    }

    /** Saves {@link #cell(String)} holding only {@code sampleIds} of the eval set, and returns its id. */
    String savedCell(String model, List<String> sampleIds) {
        CellRecord cell = cell(model);
        store.saveCell(cell);
        store.saveCellSamples(cell.cellId(), sampleIds);
        return cell.cellId();
    }

    ModelRunners runners() {
        return new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null);
    }

    /** The model-call activities in Temporal's activity test environment, one attempt each. */
    ModelCallActivities activities() {
        return activities(ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(30)));
    }

    /** The model-call activities with {@code options} (one attempt each), in {@link #environment()}. */
    ModelCallActivities activities(ActivityOptions.Builder options) {
        return activities(options, BatchGate.ALWAYS_OPEN);
    }

    /** The model-call activities with {@code options} whose batches ask {@code gate} whether they go on. */
    ModelCallActivities activities(ActivityOptions.Builder options, BatchGate gate) {
        env = TestActivityEnvironment.newInstance();
        env.registerActivitiesImplementations(new ModelCallActivitiesImpl(store, evalSets, runners(), new SimpleMeterRegistry(), gate));
        return env.newActivityStub(ModelCallActivities.class,
                options.setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build()).build());
    }

    /** The model-call activities writing to {@code ledger} (not registered anywhere yet). */
    ModelCallActivitiesImpl activitiesWithLedger(SpendLedger ledger) {
        return new ModelCallActivitiesImpl(store, evalSets, new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache,
                name -> null, null, ledger), new SimpleMeterRegistry(), BatchGate.ALWAYS_OPEN);
    }

    /** The activity test environment of the last {@link #activities} call (to cancel its running activity). */
    TestActivityEnvironment environment() {
        return env;
    }

    @Override
    public void close() throws Exception {
        try (server; database; cache) {
            if (env != null) {
                env.close();
            }
        }
    }
}
