package dev.ibench.activities.react;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ReACT steps are independent per trial exactly as direct calls are: the same step of the same sample in two trials
 * is two requests with two cache entries and each trial's own seed ({@link TrialSeed}), sent with the campaign's
 * decoding block (temperature and max_tokens over the profile's, top_p) to the campaign entry's endpoint (a
 * MockWebServer, test double); the same trial again is a cache hit. The agent comes from the campaign as a worker
 * builds it ({@link ReactAgents} over {@link ModelRunners}).
 */
class GatewayAgentModelTrialsTest {
    private static final String ANSWER = """
            {"id":"x","object":"text_completion","model":"m","choices":[{"index":0,"finish_reason":"stop",
             "text":" I know it.\\nFinal Answer: 42"}],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}}""";

    @TempDir Path tmp;

    @Test
    void theSameStepInTwoTrialsIsTwoRequestsWithTheirOwnSeedsAndNeverOneCacheEntry() throws Exception {
        try (MockWebServer server = new MockWebServer()) {
            runTwoTrials(server);
        }
    }

    private void runTwoTrials(MockWebServer server) throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("mock.yaml"), """
                name: mock
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: llama-3
                mode: prompt
                api: completions
                max_tokens: 64
                temperature: 0.0
                """);
        String spec = """
                {"name": "t", "models": [{"name": "mock", "profile": "mock", "endpoint": "%s"}], "benchmarks": [],
                 "modes": ["react"], "trials": 2, "decoding": {"temperature": 0.7, "top_p": 0.9, "max_tokens": 48, "seed": 11}}
                """.formatted(server.url("/v1"));
        EvalSample sample = new EvalSample("superhero/3", "superhero", "How tall is Abe Sapien?", null, 191, List.of(), null,
                List.of(Map.of("name", "get_height", "parameters", Map.of("type", "object", "properties", Map.of()))), List.of());
        List<ReactStep> previous = List.of(ReactStep.of(1, "Thought: look it up\nAction: get_height\nAction Input: {}")
                .withObservation("HTTP 200: {\"rows\":[[191]]}", true));
        Set<String> keys = new HashSet<>();
        try (ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", spec);
            ModelRunners runners = new ModelRunners(store, new EvalSetCache(), ProfileCatalog.load(profiles), cache, name -> null);
            ReactAgentModel agent = new ReactAgents(runners).apply(new CellRecord("c1/mock/b/react", "c1", "mock", "b", "react", "none", "b.json", 2));
            assertThat(agent).isInstanceOf(GatewayAgentModel.class);
            for (int trial = 0; trial < 2; trial++) {
                server.enqueue(new MockResponse().setBody(ANSWER));
                ReactAgentModel.Reply reply = agent.next(sample, "", previous, ReactSettings.DEFAULT, trial);
                assertThat(reply.cacheHit()).as("trial %d must not reuse the other trial's step", trial).isFalse();
                keys.add(reply.cacheKey());
            }
            assertThat(keys).as("one cache entry per trial of the step").hasSize(2);
            assertThat(server.getRequestCount()).isEqualTo(2);
            for (int trial = 0; trial < 2; trial++) {
                RecordedRequest request = server.takeRequest(1, TimeUnit.SECONDS);
                JsonNode body = Json.MAPPER.readTree(request.getBody().readUtf8());
                assertThat(body.get("seed").asLong()).isEqualTo(TrialSeed.of(11L, "superhero/3", trial));
                assertThat(body.get("top_p").asDouble()).isEqualTo(0.9);
                assertThat(body.get("temperature").asDouble()).isEqualTo(0.7);
                assertThat(body.get("max_tokens").asInt()).isEqualTo(48);
                assertThat(body.get("prompt").asText()).contains("Action: get_height").contains("HTTP 200:");
            }
            ReactAgentModel.Reply again = agent.next(sample, "", previous, ReactSettings.DEFAULT, 1);
            assertThat(again.cacheHit()).as("a retried step of the same trial is served by the cache").isTrue();
            assertThat(keys).contains(again.cacheKey());
            assertThat(server.getRequestCount()).isEqualTo(2);
        }
    }
}
