package dev.ibench.activities.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.ModelResponse;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.CallCancellation;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Acceptance 1: scripted faults of an OpenAI-compatible endpoint (OkHttp MockWebServer). */
class OpenAiGatewayFaultTest {
    static final String OK_CHAT = """
            {"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"[{\\"name\\": \\"filter_data\\"}]"},"finish_reason":"stop"}],
             "usage":{"prompt_tokens":120,"completion_tokens":30,"total_tokens":150}}""";

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

    ModelProfile profile(int timeoutSeconds) {
        return ProfileCatalog.parse("""
                name: mock
                provider: openai
                base_url: %s
                model: mock-model
                family: gpt-4o
                mode: prompt
                api: chat
                max_tokens: 64
                timeout_seconds: %d
                max_attempts: 4
                max_concurrency: 4
                price_per_million_input: 2.5
                price_per_million_output: 10.0
                """.formatted(server.url("/v1").toString(), timeoutSeconds), "test");
    }

    ModelGateway gateway(ModelProfile profile, ResponseCache cache) {
        OpenAiClient client = new OpenAiClient(profile.baseUrl(), ApiKey.none(), Duration.ofSeconds(profile.timeoutSeconds()));
        RetryPolicy fast = new RetryPolicy(profile.maxAttempts(), Duration.ofMillis(50), Duration.ofMillis(400), 2.0, 0.5, Duration.ofSeconds(10));
        return new ModelGateway(profile, client, cache, new EndpointLimiters(), fast);
    }

    static ModelRequest chat(ModelProfile p, String question) {
        return ModelRequests.request(p, RenderedPrompt.chat(List.of(ChatMessage.system("sys"), ChatMessage.user(question)), List.of()), "s1", null);
    }

    @Test
    void rateLimitedWithRetryAfterWaitsAtLeastThatLongThenSucceeds() {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "2").setBody("{\"error\":{\"message\":\"slow down\"}}"));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(5);
        try (ModelGateway g = gateway(p, null)) {
            long start = System.nanoTime();
            CallResult r = g.call(chat(p, "q"));
            long waitedMs = (System.nanoTime() - start) / 1_000_000;
            System.out.println("[measure] 429 Retry-After: 2 -> success after " + waitedMs + " ms, attempts " + r.attempts());
            assertThat(waitedMs).isGreaterThanOrEqualTo(2000);
            assertThat(r.attempts()).isEqualTo(2);
            assertThat(r.response().text()).isEqualTo("[{\"name\": \"filter_data\"}]");
            assertThat(server.getRequestCount()).isEqualTo(2);
            assertThat(g.limiter().currentLimit()).as("AIMD halved the limit on 429").isLessThan(4);
        }
    }

    @Test
    void serverErrorThenSuccessIsRetried() {
        server.enqueue(new MockResponse().setResponseCode(500).setBody("internal"));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(5);
        try (ModelGateway g = gateway(p, null)) {
            CallResult r = g.call(chat(p, "q"));
            assertThat(r.attempts()).isEqualTo(2);
            assertThat(r.response().promptTokens()).isEqualTo(120);
            assertThat(r.response().completionTokens()).isEqualTo(30);
            assertThat(r.costUsd()).isCloseTo(120 / 1e6 * 2.5 + 30 / 1e6 * 10.0, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(g.stats().retries()).isEqualTo(1);
        }
    }

    @Test
    void aResponseBodyOverTheLimitFailsNamingTheEndpointAndTheLimitWithoutReadingItAll() {
        String huge = "{\"choices\":[{\"message\":{\"content\":\"" + "x".repeat(64 * 1024) + "\"}}]}";
        server.enqueue(new MockResponse().setBody(huge));
        server.enqueue(new MockResponse().setResponseCode(503).setBody("y".repeat(64 * 1024)));
        ModelProfile p = profile(5);
        try (OpenAiClient client = new OpenAiClient(p.baseUrl(), ApiKey.none(), Duration.ofSeconds(5), 4096)) {
            assertThatThrownBy(() -> client.complete(chat(p, "q")))
                    .isInstanceOfSatisfying(ModelCallException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.RESPONSE_TOO_LARGE);
                        assertThat(e.retryable()).isFalse();
                        assertThat(ModelCallFailures.forActivity(e).getType()).isEqualTo(ModelCallFailures.SAMPLE_REJECTED);
                        assertThat(e.getMessage()).contains(server.url("/v1").toString()).contains("4096 bytes");
                    });
            // an error body over the limit is cut, not fatal: the status still decides (503 is retryable)
            assertThatThrownBy(() -> client.complete(chat(p, "q")))
                    .isInstanceOfSatisfying(ModelCallException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.SERVER_ERROR);
                        assertThat(e.retryable()).isTrue();
                    });
        }
    }

    @Test
    void cancellingTheCallersScopeAbortsTheInFlightRequestAndSendsNoRetry() throws Exception {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE)); // the model is still thinking
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(60);
        try (ModelGateway g = gateway(p, null); CallCancellation.Scope scope = CallCancellation.open()) {
            Thread canceller = new Thread(() -> {
                try {
                    server.takeRequest(10, TimeUnit.SECONDS); // the request is in flight
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                scope.cancel(); // what the heartbeat thread does when the server reports the activity cancelled
            });
            long start = System.nanoTime();
            canceller.start();
            assertThatThrownBy(() -> g.call(chat(p, "q")))
                    .isInstanceOfSatisfying(ModelCallException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.CANCELLED);
                        assertThat(e.retryable()).isFalse();
                    });
            canceller.join();
            assertThat((System.nanoTime() - start) / 1_000_000).as("aborted, not waited out").isLessThan(5_000);
            assertThat(server.getRequestCount()).as("no retry after cancellation").isEqualTo(1);
        }
    }

    @Test
    void unauthorizedFailsAtOnceAndIsNotRetryable() {
        server.enqueue(new MockResponse().setResponseCode(401).setBody("{\"error\":{\"message\":\"Invalid key\"}}"));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(5);
        try (ModelGateway g = gateway(p, null)) {
            long start = System.nanoTime();
            assertThatThrownBy(() -> g.call(chat(p, "q")))
                    .isInstanceOfSatisfying(ModelCallException.class, e -> {
                        assertThat(e.retryable()).isFalse();
                        assertThat(e.kind()).isEqualTo(ErrorKind.UNAUTHORIZED);
                        assertThat(e.httpStatus()).contains(401);
                        assertThat(e.getMessage()).contains(server.url("/v1").toString()).contains("HTTP 401").contains("Invalid key");
                    });
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(1000);
            assertThat(server.getRequestCount()).isEqualTo(1);
        }
    }

    @Test
    void hungSocketTimesOutAndIsRetried() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(1);
        try (ModelGateway g = gateway(p, null)) {
            long start = System.nanoTime();
            CallResult r = g.call(chat(p, "q"));
            long ms = (System.nanoTime() - start) / 1_000_000;
            System.out.println("[measure] hung socket -> timeout + retry -> success after " + ms + " ms");
            assertThat(r.attempts()).isEqualTo(2);
            assertThat(ms).isGreaterThanOrEqualTo(1000);
            assertThat(server.getRequestCount()).isEqualTo(2);
        }
    }

    @Test
    void bodyCutMidJsonIsRetried() {
        String cut = OK_CHAT.substring(0, OK_CHAT.length() / 2);
        server.enqueue(new MockResponse().setBody(cut)); // complete HTTP message, truncated JSON
        server.enqueue(new MockResponse().setBody(OK_CHAT).setSocketPolicy(SocketPolicy.DISCONNECT_DURING_RESPONSE_BODY)); // connection drops mid-body
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(5);
        try (ModelGateway g = gateway(p, null)) {
            CallResult r = g.call(chat(p, "q"));
            assertThat(r.attempts()).isEqualTo(3);
            assertThat(r.response().text()).startsWith("[{");
            assertThat(server.getRequestCount()).isEqualTo(3);
        }
    }

    @Test
    void secondIdenticalRequestIsServedFromTheCacheWithoutHttp() {
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(5);
        try (ResponseCache cache = new ResponseCache(tmp.resolve("results.db")); ModelGateway g = gateway(p, cache)) {
            CallResult first = g.call(chat(p, "same question"));
            int afterFirst = server.getRequestCount();
            CallResult second = g.call(chat(p, "same question"));
            assertThat(afterFirst).isEqualTo(1);
            assertThat(server.getRequestCount()).as("no HTTP request for the cached call").isEqualTo(1);
            assertThat(first.cacheHit()).isFalse();
            assertThat(second.cacheHit()).isTrue();
            assertThat(second.attempts()).isZero();
            assertThat(second.costUsd()).isZero();
            assertThat(second.response()).isEqualTo(first.response());
            assertThat(second.cacheKey()).isEqualTo(first.cacheKey()).hasSize(64);
            assertThat(cache.totalHits()).isEqualTo(1);
            assertThat(g.stats().cacheHits()).isEqualTo(1);
        }
    }

    @Test
    void changedDecodingSettingsMissTheCache() {
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile(5);
        try (ResponseCache cache = new ResponseCache(tmp.resolve("results.db")); ModelGateway g = gateway(p, cache)) {
            ModelRequest a = chat(p, "q");
            ModelRequest b = new ModelRequest(a.model(), a.prompt(), new DecodingSettings(65, 0.0, List.of(), null), "s1");
            g.call(a);
            assertThat(g.call(b).cacheHit()).isFalse();
            assertThat(server.getRequestCount()).isEqualTo(2);
        }
    }

    @Test
    void contextLengthAndNotFoundAreNotRetryable() {
        server.enqueue(new MockResponse().setResponseCode(400).setBody(
                "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens. However, you requested 9000 tokens\",\"code\":\"context_length_exceeded\"}}"));
        server.enqueue(new MockResponse().setResponseCode(404).setBody("{\"error\":\"model not found\"}"));
        ModelProfile p = profile(5);
        try (ModelGateway g = gateway(p, null)) {
            assertThatThrownBy(() -> g.call(chat(p, "q"))).isInstanceOfSatisfying(ModelCallException.class,
                    e -> assertThat(e.kind()).isEqualTo(ErrorKind.CONTEXT_LENGTH));
            assertThatThrownBy(() -> g.call(chat(p, "q2"))).isInstanceOfSatisfying(ModelCallException.class, e -> {
                assertThat(e.kind()).isEqualTo(ErrorKind.NOT_FOUND);
                assertThat(e.retryable()).isFalse();
                assertThat(e.getMessage()).contains("check base_url and model");
            });
            assertThat(server.getRequestCount()).isEqualTo(2);
        }
    }

    @Test
    void retriesAreBoundedAndTheLastFailureSaysSo() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(new MockResponse().setResponseCode(503).setBody("overloaded"));
        }
        ModelProfile p = profile(5);
        try (ModelGateway g = gateway(p, null)) {
            assertThatThrownBy(() -> g.call(chat(p, "q"))).isInstanceOfSatisfying(ModelCallException.class, e -> {
                assertThat(e.retryable()).isTrue();
                assertThat(e.kind()).isEqualTo(ErrorKind.SERVER_ERROR);
                assertThat(e.getMessage()).contains("gave up after 4 attempts");
            });
            assertThat(server.getRequestCount()).isEqualTo(4);
        }
    }

    @Test
    void rawPromptsGoToCompletionsAndNativeToolsAndKeyToChat() throws Exception {
        server.enqueue(new MockResponse().setBody("{\"choices\":[{\"text\":\"[]\",\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":1}}"));
        server.enqueue(new MockResponse().setBody("""
                {"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"t1","type":"function",
                 "function":{"name":"filter_data","arguments":"{\\"key_name\\":\\"director_director\\",\\"value\\":\\"Jack Kinney\\"}"}}]},
                 "finish_reason":"tool_calls"}],"usage":{"prompt_tokens":9,"completion_tokens":4}}"""));
        ModelProfile p = profile(5);
        OpenAiClient client = new OpenAiClient(p.baseUrl(), ApiKey.fromEnvironment("MY_KEY", Map.of("MY_KEY", "k-123")::get, "x"), Duration.ofSeconds(5));
        ModelResponse raw = client.complete(ModelRequests.request(p, RenderedPrompt.raw("<|im_start|>user\nhi"), "s", null));
        assertThat(raw.text()).isEqualTo("[]");
        RecordedRequest first = server.takeRequest(1, TimeUnit.SECONDS);
        assertThat(first.getPath()).isEqualTo("/v1/completions");
        JsonNode body = Json.MAPPER.readTree(first.getBody().readUtf8());
        assertThat(body.get("prompt").asText()).isEqualTo("<|im_start|>user\nhi");
        assertThat(body.get("temperature").asDouble()).isZero();
        assertThat(body.get("max_tokens").asInt()).isEqualTo(64);

        Map<String, Object> tool = Map.of("type", "function", "function", Map.of("name", "filter_data", "parameters", Map.of("type", "object")));
        ModelResponse tools = client.complete(ModelRequests.request(p, RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of(tool)), "s", null));
        assertThat(tools.toolCalls()).hasSize(1);
        assertThat(tools.toolCalls().get(0).name()).isEqualTo("filter_data");
        assertThat(tools.toolCalls().get(0).arguments()).containsEntry("value", "Jack Kinney");
        RecordedRequest second = server.takeRequest(1, TimeUnit.SECONDS);
        assertThat(second.getPath()).isEqualTo("/v1/chat/completions");
        assertThat(second.getHeader("Authorization")).isEqualTo("Bearer k-123");
        assertThat(Json.MAPPER.readTree(second.getBody().readUtf8()).get("tools").get(0).get("function").get("name").asText()).isEqualTo("filter_data");
        assertThat(client.toString()).doesNotContain("k-123").contains("MY_KEY");
    }
}
