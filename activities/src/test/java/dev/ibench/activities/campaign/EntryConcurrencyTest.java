package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.sample.EvalSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign entry's {@code concurrency: 8} wins over its profile's {@code max_concurrency: 2}, also when another
 * model of the campaign on the same server (without an entry concurrency) built the endpoint's limiter first: 8 calls
 * are at the server at once. The server (MockWebServer, test double) holds every answer until 8 requests wait, or
 * 10 s have passed.
 */
class EntryConcurrencyTest {
    private static final String ANSWER = """
            {"id":"x","object":"text_completion","model":"m","choices":[{"index":0,"finish_reason":"stop","text":"[]"}],
             "usage":{"prompt_tokens":10,"completion_tokens":2,"total_tokens":12}}""";
    private static final int ENTRY_CONCURRENCY = 8;

    @TempDir Path tmp;

    @Test
    void theEntrysConcurrencyIsReachedAtTheServer() throws Exception {
        Path profiles = Files.createDirectories(tmp.resolve("profiles"));
        Files.writeString(profiles.resolve("two.yaml"), """
                name: two
                provider: openai
                base_url: http://127.0.0.1:9/v1
                model: m
                family: qwen2.5
                mode: prompt
                api: completions
                max_tokens: 8
                temperature: 0
                max_concurrency: 2
                icl: {count: 0}
                """);
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CountDownLatch allWaiting = new CountDownLatch(ENTRY_CONCURRENCY);
        EvalSample sample = new EvalSample("s/1", "superhero", "How tall is Batman?", null, 188, List.of(), null,
                List.of(Map.of("name", "get_height", "parameters", Map.of("type", "object", "properties", Map.of()))), List.of());
        Path evalSet = tmp.resolve("eval.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(List.of(sample)));
        try (MockWebServer server = new MockWebServer();
             ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"));
             ResponseCache cache = new ResponseCache(tmp.resolve("cache.db"))) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                    peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    allWaiting.countDown();
                    allWaiting.await(10, TimeUnit.SECONDS);
                    inFlight.decrementAndGet();
                    return new MockResponse().setBody(ANSWER);
                }
            });
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c1", "t", """
                    {"name": "t", "benchmarks": [], "modes": ["direct"], "models": [
                      {"name": "small", "profile": "two", "endpoint": "%1$s"},
                      {"name": "wide", "profile": "two", "endpoint": "%1$s", "concurrency": %2$d}]}
                    """.formatted(server.url("/v1"), ENTRY_CONCURRENCY));
            ModelRunners runners = new ModelRunners(store, new EvalSetCache(), ProfileCatalog.load(profiles), cache, name -> null);
            // the entry without a concurrency builds the endpoint's limiter first, with the profile's 2
            ModelRunner small = runners.runner(new CellRecord("c1/small/b/direct", "c1", "small", "b", "direct", "none", evalSet.toString(), 1));
            assertThat(small.profile().maxConcurrency()).isEqualTo(2);
            ModelRunner wide = runners.runner(new CellRecord("c1/wide/b/direct", "c1", "wide", "b", "direct", "none", evalSet.toString(), 1));
            assertThat(wide.profile().maxConcurrency()).isEqualTo(ENTRY_CONCURRENCY);

            ExecutorService callers = Executors.newFixedThreadPool(ENTRY_CONCURRENCY);
            try {
                List<Future<?>> calls = new ArrayList<>();
                for (int trial = 0; trial < ENTRY_CONCURRENCY; trial++) {
                    int t = trial;
                    calls.add(callers.submit(() -> wide.answer(sample, t)));
                }
                for (Future<?> call : calls) {
                    call.get(60, TimeUnit.SECONDS);
                }
            } finally {
                callers.shutdownNow();
            }
            assertThat(server.getRequestCount()).isEqualTo(ENTRY_CONCURRENCY);
            assertThat(peak.get()).as("requests at the server at once").isEqualTo(ENTRY_CONCURRENCY);
        }
    }
}
