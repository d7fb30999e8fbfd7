package dev.ibench.activities.spend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import java.io.InputStream;
import java.nio.file.Files;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.client.OpenAiClient;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.core.campaign.Budget;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The spend ledger against a fault-injecting fake endpoint (test tool: OkHttp {@code MockWebServer}): every attempt,
 * failed ones and cache hits included, is written with its tokens, latency and cost from the profile's prices.
 */
class LedgerFaultEndpointTest {
    static final String OK_CHAT = """
            {"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"[]"},"finish_reason":"stop"}],
             "usage":{"prompt_tokens":1200,"completion_tokens":300,"total_tokens":1500}}""";

    MockWebServer server;
    @TempDir Path tmp;
    ResultsDatabase db;
    SpendStore spend;
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    List<String> pauses = new ArrayList<>();

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

    ModelProfile profile() {
        return profile("");
    }

    /** The priced profile with {@code extraYaml} lines. */
    ModelProfile profile(String extraYaml) {
        return ProfileCatalog.parse("""
                name: priced
                provider: openai
                base_url: %s
                model: mock-model
                family: gpt-4o
                mode: prompt
                api: chat
                max_tokens: 300
                price_per_million_input: 2.5
                price_per_million_output: 10.0
                """.formatted(server.url("/v1").toString()) + extraYaml, "test");
    }

    ModelGateway gateway(ModelProfile p, ResponseCache cache) {
        RetryPolicy threeAttempts = new RetryPolicy(3, Duration.ofMillis(10), Duration.ofMillis(20), 2.0, 0.0, Duration.ofSeconds(1));
        return new ModelGateway(p, new OpenAiClient(p.baseUrl(), ApiKey.none(), Duration.ofSeconds(5)), cache, new EndpointLimiters(),
                threeAttempts, new StoreSpendLedger(spend, meters, (c, reason) -> pauses.add(c + ": " + reason)),
                new SpendAccount("camp", "m1"));
    }

    static ModelRequest chat(ModelProfile p, String sampleId) {
        return ModelRequests.request(p, RenderedPrompt.chat(List.of(ChatMessage.user("question of " + sampleId)), List.of()), sampleId, null);
    }

    @Test
    void twoServerErrorsThenAnAnswerAreThreeLedgerEntriesAndTheCostFollowsThePricesByHand() {
        server.enqueue(new MockResponse().setResponseCode(500).setBody("{\"error\":{\"message\":\"boom\"}}"));
        server.enqueue(new MockResponse().setResponseCode(500).setBody("{\"error\":{\"message\":\"boom again\"}}"));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        ModelProfile p = profile();
        try (ResponseCache cache = new ResponseCache(db); ModelGateway g = gateway(p, cache)) {
            CallResult first = g.call(chat(p, "s1"), "camp/cell-a");
            assertThat(first.attempts()).isEqualTo(3);
            CallResult again = g.call(chat(p, "s1"), "camp/cell-a");
            assertThat(again.cacheHit()).isTrue();
        }
        assertThat(server.getRequestCount()).as("the cache hit made no request").isEqualTo(3);

        List<SpendEntry> entries = spend.entries("camp/cell-a");
        assertThat(entries).extracting(SpendEntry::attempt, SpendEntry::outcome, SpendEntry::errorKind).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1, SpendEntry.FAILED, "SERVER_ERROR"),
                org.assertj.core.groups.Tuple.tuple(2, SpendEntry.FAILED, "SERVER_ERROR"),
                org.assertj.core.groups.Tuple.tuple(3, SpendEntry.OK, null),
                org.assertj.core.groups.Tuple.tuple(0, SpendEntry.CACHE_HIT, null));
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.campaignId()).isEqualTo("camp");
            assertThat(e.model()).isEqualTo("m1");
            assertThat(e.sampleId()).isEqualTo("s1");
            assertThat(e.latencyMs()).isGreaterThanOrEqualTo(0);
        });
        assertThat(entries.get(2)).extracting(SpendEntry::promptTokens, SpendEntry::completionTokens).containsExactly(1200, 300);
        // by hand: 1200 prompt tokens x 2.5 USD / 1e6 = 0.003; 300 completion tokens x 10 USD / 1e6 = 0.003; total 0.006 USD.
        // The two 500s carried no usage: 0 tokens, 0 USD. The cache hit is free.
        double byHand = 0.003 + 0.003;
        assertThat(entries.get(2).costUsd()).isCloseTo(byHand, offset(1e-12));
        assertThat(entries.get(3).costUsd()).isZero();
        SpendTotals totals = spend.totals("camp", "m1");
        assertThat(totals.attempts()).isEqualTo(3);
        assertThat(totals.failedAttempts()).isEqualTo(2);
        assertThat(totals.cacheHits()).isEqualTo(1);
        assertThat(totals.promptTokens()).isEqualTo(1200);
        assertThat(totals.completionTokens()).isEqualTo(300);
        assertThat(totals.costUsd()).isCloseTo(byHand, offset(1e-12));
        assertThat(meters.get("ibench_llm_requests_total").tag("outcome", "failed").tag("error_kind", "SERVER_ERROR").counter().count())
                .isEqualTo(2);
        assertThat(meters.get("ibench_llm_cost_usd_total").tag("campaign", "camp").counter().count()).isCloseTo(byHand, offset(1e-12));
        assertThat(meters.get("ibench_llm_request_latency").tag("model", "m1").timer().count()).as("three attempts timed").isEqualTo(3);
    }

    @Test
    void aReachedBudgetRefusesTheNextRequestBeforeItIsSentAndAsksToPauseTheCampaign() {
        ModelProfile p = profile();
        // one answer costs 0.006 USD (see above); a budget of 0.005 USD is reached after it
        spend.saveBudget("camp", SpendStore.CAMPAIGN_SCOPE, new Budget(0.005, null));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        try (ModelGateway g = gateway(p, null)) {
            g.call(chat(p, "s1"), "camp/cell-a");
            assertThatThrownBy(() -> g.call(chat(p, "s2"), "camp/cell-a"))
                    .isInstanceOfSatisfying(ModelCallException.class, e -> {
                        assertThat(e.kind()).isEqualTo(ErrorKind.BUDGET_EXHAUSTED);
                        assertThat(BudgetRefusal.is(e.getMessage())).isTrue();
                        assertThat(e.getMessage()).contains("campaign camp spent 0.006000 USD");
                    });
            assertThat(server.getRequestCount()).as("the refused request was never sent").isEqualTo(1);
            assertThat(pauses).singleElement().asString().startsWith("camp: budget reached: ");

            spend.saveBudget("camp", SpendStore.CAMPAIGN_SCOPE, new Budget(0.0125, null));
            server.enqueue(new MockResponse().setBody(OK_CHAT));
            assertThat(g.call(chat(p, "s2"), "camp/cell-a").attempts()).as("a raised budget admits it again").isEqualTo(1);
        }
    }

    @Test
    void aModelBudgetInTokensCountsOnlyThatModel() {
        ModelProfile p = profile();
        spend.saveBudget("camp", "m1", new Budget(null, 1500L));
        spend.saveBudget("camp", "other", new Budget(null, 1L));
        server.enqueue(new MockResponse().setBody(OK_CHAT));
        try (ModelGateway g = gateway(p, null)) {
            g.call(chat(p, "s1"), "camp/cell-a");
            assertThatThrownBy(() -> g.call(chat(p, "s2"), "camp/cell-a")).hasMessageContaining("model m1 of campaign camp")
                    .hasMessageContaining("1500 tokens");
        }
    }

    /**
     * An answer without a {@code usage} block is never counted as 0 tokens: without a tokenizer it is marked
     * {@code tokens unknown} in the ledger, its cost is unknown (not 0) although the profile has prices, and the report's
     * spend section says so; with the profile's {@code tokenizer} (here BERT's uncased WordPiece vocabulary of
     * all-MiniLM-L6-v2, in which "the", "cat", "sat", "on" and "mat" are whole words: one token each, no special tokens
     * added) its tokens are counted and priced.
     */
    static final String NO_USAGE = """
            {"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"on the mat"},"finish_reason":"stop"}]}""";

    private CallResult callOnce(ModelProfile p, String cellId) {
        server.enqueue(new MockResponse().setBody(NO_USAGE));
        try (ModelGateway g = gateway(p, null)) {
            return g.call(ModelRequests.request(p, RenderedPrompt.chat(List.of(ChatMessage.user("the cat sat")), List.of()), "s1", null), cellId);
        }
    }

    @Test
    void withoutATokenizerTheAnswerIsMarkedTokensUnknownEverywhere() throws Exception {
        CallResult result = callOnce(profile(""), "camp/m1/b/direct");

        assertThat(result.response().tokensUnknown()).isTrue();
        assertThat(result.costUsd()).as("unknown, not free").isNull();
        SpendEntry entry = spend.entries("camp/m1/b/direct").get(0);
        assertThat(entry.tokensUnknown()).isTrue();
        assertThat(entry.costUsd()).isNull();
        SpendTotals totals = spend.totals("camp", null);
        assertThat(totals.tokensUnknownAnswers()).isEqualTo(1);
        assertThat(totals.tokens()).isZero();

        ResultsStore store = new ResultsStore(db);
        store.saveCampaign("camp", "t", "{}");
        store.saveCell(new CellRecord("camp/m1/b/direct", "camp", "m1", "b", "direct", "none", "e.json", 1));
        SpendReportSection section = SpendReportSection.of(store, spend, "camp");
        assertThat(section.markdown()).contains("| camp/m1/b/direct | 1 | 0 | 0 | 0 + tokens unknown (1 answer) | 0 + tokens unknown (1 answer) | n/a |");
        JsonNode json = Json.MAPPER.readTree(section.appendTo("json", "{}"));
        assertThat(json.get("spend").get(0).get("tokens_unknown_answers").asInt()).isEqualTo(1);
    }

    @Test
    void aProfilesTokenizerCountsTheTokensOfAnAnswerWithoutUsage() throws Exception {
        Path tokenizer = tmp.resolve("tokenizer.json");
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("all-minilm-l6-v2-q-tokenizer.json")) {
            Files.copy(in, tokenizer);
        }
        CallResult result = callOnce(profile("tokenizer: " + tokenizer + "\n"), "camp/m1/b/direct");

        assertThat(result.response().tokensUnknown()).isFalse();
        // prompt: the user message "the cat sat" (3 tokens); completion: "on the mat" (3 tokens)
        assertThat(result.response().promptTokens()).isEqualTo(3);
        assertThat(result.response().completionTokens()).isEqualTo(3);
        // by hand: 3 x 2.5 / 1e6 + 3 x 10 / 1e6 = 0.0000375 USD
        assertThat(result.costUsd()).isCloseTo(0.0000375, offset(1e-15));
        SpendEntry entry = spend.entries("camp/m1/b/direct").get(0);
        assertThat(entry.tokensUnknown()).isFalse();
        assertThat(entry.promptTokens()).isEqualTo(3);
        assertThat(spend.totals("camp", null).tokensUnknownAnswers()).isZero();
    }
    /** OpenAI's usage block: 2,000 prompt tokens of which 1,536 were read from the prompt cache. */
    static final String OPENAI_CACHED = """
            {"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"[]"},"finish_reason":"stop"}],
             "usage":{"prompt_tokens":2000,"completion_tokens":100,"total_tokens":2100,
                      "prompt_tokens_details":{"cached_tokens":1536,"audio_tokens":0},
                      "completion_tokens_details":{"reasoning_tokens":0}}}""";

    /**
     * Cached prompt tokens priced at gpt-4o's list prices per million tokens (input 2.50, cached input 1.25, output
     * 10.00), kept in the ledger and summed in its totals; the USD figure is worked out by hand.
     */
    @Test
    void cachedPromptTokensArePricedAtTheCachedInputPriceAndKeptInTheLedger() {
        server.enqueue(new MockResponse().setBody(OPENAI_CACHED));
        ModelProfile p = profile("price_per_million_cached_input: 1.25\n");
        CallResult r;
        try (ModelGateway g = gateway(p, null)) {
            r = g.call(chat(p, "s1"), "camp/cached");
        }
        // (2000 - 1536) new x 2.50 + 1536 cached x 1.25 + 100 out x 10.00, per million: 0.00116 + 0.00192 + 0.001
        double byHand = 0.00408;
        assertThat(r.response().cachedPromptTokens()).isEqualTo(1536);
        assertThat(r.costUsd()).isCloseTo(byHand, offset(1e-12));
        SpendEntry e = spend.entries("camp/cached").get(0);
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
        ModelProfile p = profile();
        CallResult r;
        try (ModelGateway g = gateway(p, null)) {
            r = g.call(chat(p, "s1"), "camp/uncached-price");
        }
        // all 2000 prompt tokens at 2.50 + 100 at 10.00: 0.005 + 0.001
        assertThat(r.costUsd()).isCloseTo(0.006, offset(1e-12));
        SpendEntry e = spend.entries("camp/uncached-price").get(0);
        assertThat(e.cachedPromptTokens()).isEqualTo(1536);
        assertThat(e.cachedAtInputPrice()).isEqualTo(1536);
        assertThat(spend.cellTotals("camp/uncached-price").cachedAtInputPrice()).isEqualTo(1536);
    }

    /** llama-server's {@code timings.cache_n} (tools/server/server-common.cpp) when the usage block has no prompt_tokens_details. */
    @Test
    void llamaServersTimingsCacheNIsReadWhenTheUsageBlockHasNoDetails() {
        server.enqueue(new MockResponse().setBody("""
                {"id":"y","choices":[{"index":0,"message":{"role":"assistant","content":"[]"},"finish_reason":"stop"}],
                 "usage":{"prompt_tokens":800,"completion_tokens":20,"total_tokens":820},
                 "timings":{"cache_n":700,"prompt_n":100,"predicted_n":20}}"""));
        ModelProfile p = profile("price_per_million_cached_input: 1.25\n");
        CallResult r;
        try (ModelGateway g = gateway(p, null)) {
            r = g.call(chat(p, "s1"), "camp/llama");
        }
        assertThat(r.response().cachedPromptTokens()).isEqualTo(700);
        // 100 new x 2.50 + 700 cached x 1.25 + 20 out x 10.00, per million: 0.00025 + 0.000875 + 0.0002
        assertThat(r.costUsd()).isCloseTo(0.001325, offset(1e-12));
        assertThat(spend.entries("camp/llama").get(0).cachedPromptTokens()).isEqualTo(700);
    }
}
