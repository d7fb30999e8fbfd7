package dev.ibench.activities.spend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.llm.ApiKey;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.EndpointLimiters;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.llm.OpenAiClient;
import dev.ibench.activities.llm.RetryPolicy;
import dev.ibench.activities.llm.SpendAccount;
import dev.ibench.activities.llm.SpendEntry;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.RenderedPrompt;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.InputStream;
import java.nio.file.Files;
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
 * An answer without a {@code usage} block (the fake endpoint is OkHttp's MockWebServer, a test double) is never
 * counted as 0 tokens: without a tokenizer it is marked {@code tokens unknown} in the ledger, its cost is unknown (not
 * 0) although the profile has prices, and the report's spend section says so; with the profile's {@code tokenizer}
 * (here BERT's uncased WordPiece vocabulary of all-MiniLM-L6-v2, in which "the", "cat", "sat", "on" and "mat" are
 * whole words: one token each, no special tokens added) its tokens are counted and priced.
 */
class TokensUnknownTest {
    static final String NO_USAGE = """
            {"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"on the mat"},"finish_reason":"stop"}]}""";

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

    private ModelProfile profile(String extra) {
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
                """.formatted(server.url("/v1").toString()) + extra, "test");
    }

    private CallResult callOnce(ModelProfile p, String cellId) {
        server.enqueue(new MockResponse().setBody(NO_USAGE));
        try (ModelGateway g = new ModelGateway(p, new OpenAiClient(p.baseUrl(), ApiKey.none(), Duration.ofSeconds(5)), null,
                new EndpointLimiters(), RetryPolicy.none(), new StoreSpendLedger(spend, new SimpleMeterRegistry(), (c, r) -> { }),
                new SpendAccount("camp", "m1"))) {
            ModelRequest request = ModelGateway.request(p, RenderedPrompt.chat(List.of(ChatMessage.user("the cat sat")), List.of()), "s1", null);
            return g.call(request, cellId);
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
}
