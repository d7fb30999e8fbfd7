package dev.ibench.activities.spend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cached prompt tokens from an OpenAI-compatible answer (test tool: OkHttp {@code MockWebServer}) priced with the
 * profile's cached-input price, written to the ledger (SQLite) and summed in its totals. Prices are gpt-4o's list
 * prices per million tokens (input 2.50, cached input 1.25, output 10.00); the USD figures are worked out by hand.
 */
class CachedPromptTokensPriceTest {
    /** OpenAI's chat completion usage block: 2,000 prompt tokens of which 1,536 were read from the prompt cache. */
    static final String OPENAI_CACHED = """
            {"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"[]"},"finish_reason":"stop"}],
             "usage":{"prompt_tokens":2000,"completion_tokens":100,"total_tokens":2100,
                      "prompt_tokens_details":{"cached_tokens":1536,"audio_tokens":0},
                      "completion_tokens_details":{"reasoning_tokens":0}}}""";
    /** llama-server's answer as tools/server/server-task.cpp writes it when no prompt_tokens_details is sent: timings.cache_n. */
    static final String LLAMA_TIMINGS_ONLY = """
            {"id":"y","object":"text_completion","choices":[{"index":0,"text":"[]","finish_reason":"stop"}],
             "usage":{"prompt_tokens":800,"completion_tokens":20,"total_tokens":820},
             "timings":{"cache_n":700,"prompt_n":100,"predicted_n":20}}""";

    MockWebServer server;
    @TempDir Path tmp;
    ResultsDatabase db;
    SpendStore spend;

    @BeforeEach
    void start() throws Exception {
        server = new MockWebServer();
        server.start();
        db = ResultsDatabase.open(tmp.resolve("results.db"));
        spend = new SpendStore(db);
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
        db.close();
    }

    ModelProfile profile(String cachedPriceLine) {
        return ProfileCatalog.parse("""
                name: priced
                provider: openai
                base_url: %s
                model: gpt-4o
                family: gpt-4o
                mode: prompt
                api: chat
                max_tokens: 100
                price_per_million_input: 2.5
                price_per_million_output: 10.0
                %s
                """.formatted(server.url("/v1").toString(), cachedPriceLine), "test");
    }

    CallResult call(ModelProfile p, String cell) {
        RetryPolicy once = new RetryPolicy(1, Duration.ofMillis(10), Duration.ofMillis(20), 2.0, 0.0, Duration.ofSeconds(1));
        try (ModelGateway g = new ModelGateway(p, new OpenAiClient(p.baseUrl(), ApiKey.none(), Duration.ofSeconds(5)), null,
                new EndpointLimiters(), once, new StoreSpendLedger(spend, new SimpleMeterRegistry(), (c, reason) -> {}),
                new SpendAccount("camp", "m1"))) {
            ModelRequest request = ModelGateway.request(p, RenderedPrompt.chat(List.of(ChatMessage.user("q")), List.of()), "s1", null);
            return g.call(request, cell);
        }
    }

    @Test
    void cachedTokensArePricedAtTheCachedInputPriceAndKeptInTheLedger() {
        server.enqueue(new MockResponse().setBody(OPENAI_CACHED));
        CallResult r = call(profile("price_per_million_cached_input: 1.25"), "camp/c1");

        // (2000 - 1536) new x 2.50 + 1536 cached x 1.25 + 100 out x 10.00, per million: 0.00116 + 0.00192 + 0.001
        double byHand = 0.00408;
        assertThat(r.response().cachedPromptTokens()).isEqualTo(1536);
        assertThat(r.costUsd()).isCloseTo(byHand, offset(1e-12));
        SpendEntry e = spend.entries("camp/c1").get(0);
        assertThat(e.promptTokens()).isEqualTo(2000);
        assertThat(e.cachedPromptTokens()).isEqualTo(1536);
        assertThat(e.cachedAtInputPrice()).as("the profile states the cached price").isZero();
        assertThat(e.costUsd()).isCloseTo(byHand, offset(1e-12));
        SpendTotals t = spend.totals("camp", null);
        assertThat(t.cachedPromptTokens()).isEqualTo(1536);
        assertThat(t.costUsd()).isCloseTo(byHand, offset(1e-12));
    }

    @Test
    void withoutACachedPriceCachedTokensCostTheInputPriceAndTheLedgerSaysHowMany() {
        server.enqueue(new MockResponse().setBody(OPENAI_CACHED));
        CallResult r = call(profile(""), "camp/c2");

        // all 2000 prompt tokens at 2.50 + 100 at 10.00: 0.005 + 0.001
        assertThat(r.costUsd()).isCloseTo(0.006, offset(1e-12));
        SpendEntry e = spend.entries("camp/c2").get(0);
        assertThat(e.cachedPromptTokens()).isEqualTo(1536);
        assertThat(e.cachedAtInputPrice()).isEqualTo(1536);
        assertThat(spend.cellTotals("camp/c2").cachedAtInputPrice()).isEqualTo(1536);
    }

    @Test
    void llamaServersTimingsCacheNIsReadWhenTheUsageBlockHasNoDetails() {
        server.enqueue(new MockResponse().setBody(LLAMA_TIMINGS_ONLY));
        ModelProfile p = ProfileCatalog.parse("""
                name: llama
                provider: openai
                base_url: %s
                model: smollm2
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 20
                price_per_million_input: 1.0
                price_per_million_output: 2.0
                price_per_million_cached_input: 0.1
                """.formatted(server.url("/v1").toString()), "test");
        CallResult r = call(p, "camp/c3");

        assertThat(r.response().cachedPromptTokens()).isEqualTo(700);
        // 100 new x 1.0 + 700 cached x 0.1 + 20 out x 2.0, per million: 0.0001 + 0.00007 + 0.00004
        assertThat(r.costUsd()).isCloseTo(0.00021, offset(1e-12));
        assertThat(spend.entries("camp/c3").get(0).cachedPromptTokens()).isEqualTo(700);
    }
}
