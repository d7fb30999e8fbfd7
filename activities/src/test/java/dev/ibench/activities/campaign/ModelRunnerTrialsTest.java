package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trials of a sample are independent requests: each its own cache entry and its own sampling seed, sent to the
 * OpenAI-compatible endpoint (a MockWebServer, test double) with the campaign's top_p.
 */
class ModelRunnerTrialsTest {
    private static final String ANSWER = """
            {"id":"x","object":"chat.completion","model":"m","choices":[{"index":0,"finish_reason":"stop",
             "message":{"role":"assistant","content":"[]"}}],"usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12}}""";

    MockWebServer server;
    @TempDir Path tmp;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    @Test
    void threeTrialsAreThreeCachedRequestsWithTheirOwnSeedsAndARerunIsServedFromTheCache() throws Exception {
        ModelProfile profile = ProfileCatalog.parse("""
                name: mock
                provider: openai
                base_url: %s
                model: m
                family: gpt-4o
                mode: prompt
                api: chat
                max_tokens: 32
                temperature: 0.8
                """.formatted(server.url("/v1")), "test");
        EvalSample sample = new EvalSample("superhero/7", "superhero", "Who is the tallest hero?", null, null, List.of(), null,
                List.of(Map.of("name", "get_heroes", "parameters", Map.of("type", "object", "properties", Map.of()))), List.of());
        DecodingOverrides decoding = new DecodingOverrides(null, 0.9, null, 5L);
        List<String> keys = new ArrayList<>();
        try (ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            ModelGateway gateway = new ModelGateway(profile, new OpenAiClient(profile.baseUrl(), ApiKey.none(), Duration.ofSeconds(5)),
                    cache, new EndpointLimiters(), RetryPolicy.none());
            ModelRunner runner = new ModelRunner(profile, new PromptRenderer(profile, IclExamples.none()), gateway, decoding);
            for (int trial = 0; trial < 3; trial++) {
                server.enqueue(new MockResponse().setBody(ANSWER));
                CallResult r = runner.answer(sample, trial).result();
                assertThat(r.cacheHit()).as("trial %d must not reuse another trial's answer", trial).isFalse();
                keys.add(r.cacheKey());
            }
            assertThat(new HashSet<>(keys)).as("one cache entry per trial").hasSize(3);
            assertThat(server.getRequestCount()).isEqualTo(3);
            for (int trial = 0; trial < 3; trial++) {
                RecordedRequest request = server.takeRequest(1, TimeUnit.SECONDS);
                JsonNode body = Json.MAPPER.readTree(request.getBody().readUtf8());
                assertThat(body.get("seed").asLong()).isEqualTo(TrialSeed.of(5L, "superhero/7", trial));
                assertThat(body.get("top_p").asDouble()).isEqualTo(0.9);
                assertThat(body.get("temperature").asDouble()).isEqualTo(0.8);
            }
            CallResult again = runner.answer(sample, 1).result();
            assertThat(again.cacheHit()).as("the same trial again (a retried activity, a re-run) is served by the cache").isTrue();
            assertThat(again.cacheKey()).isEqualTo(keys.get(1));
            assertThat(server.getRequestCount()).isEqualTo(3);
        }
    }
}
