package dev.ibench.activities.react;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.spend.BudgetPauser;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.activities.spend.StoreSpendLedger;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.testing.TemporalRetries;
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
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ReACT model steps reach the spend ledger like direct calls: a step whose endpoint (MockWebServer, test double) fails
 * twice before answering is three activity attempts (Temporal's retries) and three ledger rows of the cell, sample and trial,
 * numbered 1, 2, 3 as Temporal numbers the attempts; the answer's
 * tokens are counted at the profile's prices (by hand: 1200 prompt tokens at $2.5/M + 300 completion tokens at $10/M =
 * $0.006), the Prometheus meters count every attempt, and the step's result returns what it paid. The same step in
 * another cell is a cache hit: a ledger row at no cost, and a result that paid nothing.
 */
class ReactModelSpendTest {
    private static final String ANSWER = """
            {"id":"x","object":"text_completion","model":"m","choices":[{"index":0,"finish_reason":"stop",
             "text":" I know it.\\nFinal Answer: 191"}],"usage":{"prompt_tokens":1200,"completion_tokens":300,"total_tokens":1500}}""";

    @TempDir Path tmp;

    @Test
    void aStepThatFailedTwiceIsThreeLedgerRowsWithTheCostOfTheAnswerByHand() throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("priced.yaml"), """
                name: priced
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: llama-3
                mode: prompt
                api: completions
                max_tokens: 300
                temperature: 0
                price_per_million_input: 2.5
                price_per_million_output: 10.0
                """);
        EvalSample sample = new EvalSample("s/1", "superhero", "How tall is Abe Sapien?", null, 191, List.of(), null,
                List.of(Map.of("name", "get_height", "parameters", Map.of("type", "object", "properties", Map.of()))), List.of());
        Path evalSet = tmp.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(List.of(sample)));
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        TestActivityEnvironment env = TestActivityEnvironment.newInstance();
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            server.enqueue(new MockResponse().setResponseCode(500).setBody("{\"error\":{\"message\":\"boom\"}}"));
            server.enqueue(new MockResponse().setResponseCode(500).setBody("{\"error\":{\"message\":\"boom again\"}}"));
            server.enqueue(new MockResponse().setBody(ANSWER));
            ResultsStore store = new ResultsStore(database);
            SpendStore spend = new SpendStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "priced", "profile": "priced", "endpoint": "%s"}],
                     "benchmarks": [], "modes": ["react"]}""".formatted(server.url("/v1")));
            for (String cellId : List.of("c1/priced/b/react", "c1/priced/b2/react")) {
                store.saveCell(new CellRecord(cellId, "c1", "priced", "b", "react", "none", evalSet.toString(), 1));
                store.saveCellSamples(cellId, List.of("s/1"));
                new ReactTrajectoryStore(store).saveToolExecution(cellId, "s/1", 0, 0, null, "table heroes: 3 rows", true);
            }
            EvalSetCache evalSets = new EvalSetCache();
            ModelRunners runners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null, null,
                    new StoreSpendLedger(spend, meters, BudgetPauser.NONE));
            TemporalRetries temporal = new TemporalRetries(new ReactModelActivitiesImpl(store, evalSets, new ReactAgents(runners)));
            // the campaign's gateways do not retry: Temporal's activity retries make the attempts
            ReactThinkRequest step1 = new ReactThinkRequest(new ReactStepRef("c1/priced/b/react", 0, 0, 1), 1000);
            ReactTurnSummary paid = temporal.run(ReactTurnSummary.class, "ReactThink", 3, step1);
            temporal.close();
            env.registerActivitiesImplementations(new ReactModelActivitiesImpl(store, evalSets, new ReactAgents(runners)));
            ReactModelActivities activities = env.newActivityStub(ReactModelActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30)).setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                    .build());
            ReactTurnSummary hit = activities.think(new ReactThinkRequest(new ReactStepRef("c1/priced/b2/react", 0, 0, 1), 1000));

            assertThat(server.getRequestCount()).as("the second cell's step is served by the cache").isEqualTo(3);
            double byHand = 1200 / 1e6 * 2.5 + 300 / 1e6 * 10.0; // 0.003 + 0.003
            assertThat(paid.kind()).isEqualTo(ReactTurnSummary.FINAL_ANSWER);
            assertThat(paid.promptTokens()).isEqualTo(1200);
            assertThat(paid.completionTokens()).isEqualTo(300);
            assertThat(paid.costUsd()).isCloseTo(0.006, offset(1e-12)).isCloseTo(byHand, offset(1e-12));
            assertThat(hit.promptTokens()).isZero();
            assertThat(hit.completionTokens()).isZero();
            assertThat(hit.costUsd()).as("a cache hit is free").isZero();

            assertThat(spend.entries("c1/priced/b/react"))
                    .extracting(SpendEntry::outcome, SpendEntry::errorKind, SpendEntry::promptTokens, SpendEntry::completionTokens)
                    .containsExactly(Tuple.tuple(SpendEntry.FAILED, "SERVER_ERROR", 0, 0), Tuple.tuple(SpendEntry.FAILED, "SERVER_ERROR", 0, 0),
                            Tuple.tuple(SpendEntry.OK, null, 1200, 300));
            assertThat(spend.entries("c1/priced/b/react")).extracting(SpendEntry::attempt)
                    .as("each row carries Temporal's activity attempt").containsExactly(1, 2, 3);
            assertThat(spend.entries("c1/priced/b/react")).allSatisfy(e -> {
                assertThat(e.campaignId()).isEqualTo("c1");
                assertThat(e.model()).isEqualTo("priced");
                assertThat(e.sampleId()).isEqualTo("s/1");
                assertThat(e.trial()).isZero();
            });
            assertThat(spend.entries("c1/priced/b2/react")).extracting(SpendEntry::outcome, SpendEntry::costUsd)
                    .containsExactly(Tuple.tuple(SpendEntry.CACHE_HIT, 0.0));
            SpendTotals total = spend.totals("c1", null);
            assertThat(total.attempts()).isEqualTo(3);
            assertThat(total.failedAttempts()).isEqualTo(2);
            assertThat(total.cacheHits()).isEqualTo(1);
            assertThat(total.tokens()).isEqualTo(1500);
            assertThat(total.costUsd()).isCloseTo(byHand, offset(1e-12));

            assertThat(meters.get("ibench_llm_requests_total").tags("campaign", "c1", "outcome", "failed").counter().count()).isEqualTo(2);
            assertThat(meters.get("ibench_llm_requests_total").tags("campaign", "c1", "outcome", "ok").counter().count()).isEqualTo(1);
            assertThat(meters.get("ibench_llm_requests_total").tags("campaign", "c1", "outcome", "cache_hit").counter().count()).isEqualTo(1);
            assertThat(meters.get("ibench_llm_tokens_total").tags("campaign", "c1", "kind", "prompt").counter().count()).isEqualTo(1200);
            assertThat(meters.get("ibench_llm_cost_usd_total").tags("campaign", "c1").counter().count()).isCloseTo(byHand, offset(1e-12));
            assertThat(meters.get("ibench_llm_request_latency").tag("model", "priced").timer().count()).as("three attempts timed").isEqualTo(3);
        } finally {
            env.close();
        }
    }

    /**
     * A step whose server answers without a {@code usage} block (no tokenizer in the profile): its result says its
     * tokens are unknown (0 meaning "not known") and its cost null (unknown, not free), so the trajectory and the cell
     * count it apart.
     */
    @Test
    void aStepAnsweredWithoutUsageSaysItsTokensAreUnknown() throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("priced.yaml"), """
                name: priced
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: llama-3
                mode: prompt
                api: completions
                max_tokens: 300
                temperature: 0
                price_per_million_input: 2.5
                price_per_million_output: 10.0
                """);
        EvalSample sample = new EvalSample("s/1", "superhero", "How tall is Abe Sapien?", null, 191, List.of(), null,
                List.of(Map.of("name", "get_height", "parameters", Map.of("type", "object", "properties", Map.of()))), List.of());
        Path evalSet = tmp.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(List.of(sample)));
        TestActivityEnvironment env = TestActivityEnvironment.newInstance();
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            server.enqueue(new MockResponse().setBody("""
                    {"id":"x","object":"text_completion","model":"m","choices":[{"index":0,"finish_reason":"stop",
                     "text":" I know it.\\nFinal Answer: 191"}]}"""));
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "models": [{"name": "priced", "profile": "priced", "endpoint": "%s"}],
                     "benchmarks": [], "modes": ["react"]}""".formatted(server.url("/v1")));
            String cellId = "c1/priced/b/react";
            store.saveCell(new CellRecord(cellId, "c1", "priced", "b", "react", "none", evalSet.toString(), 1));
            store.saveCellSamples(cellId, List.of("s/1"));
            new ReactTrajectoryStore(store).saveToolExecution(cellId, "s/1", 0, 0, null, "table heroes: 3 rows", true);
            EvalSetCache evalSets = new EvalSetCache();
            ModelRunners runners = new ModelRunners(store, evalSets, ProfileCatalog.load(profiles), cache, name -> null);
            env.registerActivitiesImplementations(new ReactModelActivitiesImpl(store, evalSets, new ReactAgents(runners)));
            ReactModelActivities activities = env.newActivityStub(ReactModelActivities.class, ActivityOptions.newBuilder()
                    .setStartToCloseTimeout(Duration.ofSeconds(30)).setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
                    .build());

            ReactTurnSummary step = activities.think(new ReactThinkRequest(new ReactStepRef(cellId, 0, 0, 1), 1000));

            assertThat(server.getRequestCount()).isEqualTo(1);
            assertThat(step.kind()).isEqualTo(ReactTurnSummary.FINAL_ANSWER);
            assertThat(step.tokensUnknown()).isTrue();
            assertThat(step.promptTokens() + step.completionTokens()).isZero();
            assertThat(step.costUsd()).as("unknown, not free").isNull();
        } finally {
            env.close();
        }
    }
}
