package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.core.sample.EvalSample;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.testing.TestActivityEnvironment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.stream.IntStream;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33: a window batch's slot answered 429 pauses and sends its item again within the batch
 * ({@link RateLimitPause}), instead of failing the item out of the window. 12 items, 4 at a time, against an endpoint
 * (MockWebServer, test double) that answers item 5 with 429s; every request is a ledger row numbered with the batch's
 * activity attempt (1), as every request of a batch is.
 */
class ModelCallWindowRateLimitTest {
    private static final int ITEMS = 12;
    private static final String RIGHT = "[{\"name\": \"get_height\", \"arguments\": {}}]";

    @TempDir Path tmp;

    @Test
    void aSlotAnswered429WaitsItsRetryAfterAndSendsItsItemAgainWithinTheWindow() throws Exception {
        Run run = run(true, (hero, n) -> hero == 5 && n == 1
                ? new MockResponse().setResponseCode(429).setHeader("Retry-After", "1").setBody("{\"error\": \"slow down\"}")
                : answer());
        assertThat(run.result.failures()).as("item 5 answered on its second request, within the batch").isEmpty();
        assertThat(run.result.started()).isEqualTo(ITEMS);
        assertThat(run.requestTimes.get(5)).as("two requests for item 5").hasSize(2);
        assertThat(run.requestTimes.get(5).get(1) - run.requestTimes.get(5).get(0)).as("Retry-After: 1 honoured (ms)")
                .isGreaterThanOrEqualTo(1000);
        assertThat(run.stored).as("every item stored, item 5 too").hasSize(ITEMS);
        assertThat(run.rows.stream().filter(r -> r.sampleId().equals("s/5")).toList())
                .extracting(SpendEntry::outcome, SpendEntry::errorKind, SpendEntry::attempt)
                .containsExactly(tuple(SpendEntry.FAILED, "RATE_LIMITED", 1), tuple(SpendEntry.OK, null, 1));
        assertThat(run.rows).as("one row per request: 12 answers and the 429").hasSize(ITEMS + 1);
    }

    @Test
    void aSlotStill429AfterItsRetriesFailsTheItemOutOfTheWindowAsBefore() throws Exception {
        long started = System.nanoTime();
        Run run = run(true, (hero, n) -> hero == 5 ? new MockResponse().setResponseCode(429).setBody("{\"error\": \"slow down\"}") : answer());
        assertThat(run.result.failures()).extracting(ItemFailure::index, ItemFailure::type)
                .containsExactly(tuple(5, "ModelCall.RATE_LIMITED"));
        assertThat(run.requestTimes.get(5)).as("the first request and " + RateLimitPause.RETRIES + " retries")
                .hasSize(1 + RateLimitPause.RETRIES);
        // no Retry-After: backed off 0.5, 1 and 2 s, each jittered down by at most half
        assertThat(run.requestTimes.get(5).get(3) - run.requestTimes.get(5).get(0)).isGreaterThanOrEqualTo(1750);
        assertThat(run.stored).hasSize(ITEMS - 1).doesNotContain(5);
        assertThat((System.nanoTime() - started) / 1_000_000).as("bounded: 3.5 s of pauses at most, plus the run").isLessThan(20_000);
    }

    @Test
    void aBatchThatIsNoWindowBatchFailsA429dItemAtOnceAsBefore() throws Exception {
        Run run = run(false, (hero, n) -> hero == 5 && n == 1
                ? new MockResponse().setResponseCode(429).setHeader("Retry-After", "1").setBody("{\"error\": \"slow down\"}")
                : answer());
        assertThat(run.result.failures()).extracting(ItemFailure::index).containsExactly(5);
        assertThat(run.requestTimes.get(5)).hasSize(1);
    }

    @Test
    void aPausingSlotLetsItsBatchYieldInsteadOfWaitingOutALongRetryAfter() throws Exception {
        List<EvalSample> samples = IntStream.range(0, 4).mapToObj(i -> new EvalSample("s/" + i, "superhero",
                "How tall is hero number " + i + "?", null, i, List.of(), null, ModelCallFixture.TOOLS, List.of())).toList();
        java.util.concurrent.atomic.AtomicInteger item0Requests = new java.util.concurrent.atomic.AtomicInteger();
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, samples)) {
            fixture.profile("limited", 16, "max_attempts: 1\n");
            fixture.server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    if (request.getBody().readUtf8().contains("hero number 0?")) {
                        item0Requests.incrementAndGet();
                        return new MockResponse().setResponseCode(429).setHeader("Retry-After", "60").setBody("{\"error\": \"slow down\"}");
                    }
                    return answer();
                }
            });
            fixture.campaign("""
                    [{"name": "limited", "profile": "limited", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("limited");
            // the cell asks its batch to yield (a pause, a new window): the gate, asked every second, answers closed
            ModelCallActivities activities = fixture.activities(ActivityOptions.newBuilder().setStartToCloseTimeout(Duration.ofSeconds(90)),
                    cellWorkflowId -> false);
            long started = System.nanoTime();
            BatchCallResult result = activities.callModelBatch(new ItemBatch(cellId, 1, 0, 4, 4, Integer.MAX_VALUE, true, true));
            long tookMillis = (System.nanoTime() - started) / 1_000_000;
            assertThat(tookMillis).as("the batch yielded about a second in, not after the 60 s Retry-After").isLessThan(15_000);
            assertThat(result.failures()).extracting(ItemFailure::index, ItemFailure::type)
                    .containsExactly(tuple(0, "ModelCall.RATE_LIMITED"));
            assertThat(item0Requests.get()).as("item 0 not sent again by this batch").isEqualTo(1);
        }
    }

    private record Run(BatchCallResult result, Map<Integer, List<Long>> requestTimes, List<Integer> stored, List<SpendEntry> rows) {}

    private static MockResponse answer() {
        try {
            return new MockResponse().setBody(ModelCallFixture.completion(RIGHT, "stop"));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One batch of all items, 4 at a time; {@code responses} answers hero i's n-th request (from 1). */
    private Run run(boolean window, BiFunction<Integer, Integer, MockResponse> responses) throws Exception {
        List<EvalSample> samples = IntStream.range(0, ITEMS).mapToObj(i -> new EvalSample("s/" + i, "superhero",
                "How tall is hero number " + i + "?", null, i, List.of(), null, ModelCallFixture.TOOLS, List.of())).toList();
        Map<Integer, List<Long>> requestTimes = new ConcurrentHashMap<>();
        List<SpendEntry> rows = new CopyOnWriteArrayList<>();
        SpendLedger ledger = new SpendLedger() {
            @Override
            public void record(SpendEntry entry) {
                rows.add(entry);
            }
        };
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, samples)) {
            fixture.profile("limited", 16, "max_attempts: 1\n");
            fixture.server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    String body = request.getBody().readUtf8();
                    int hero = IntStream.range(0, ITEMS).filter(i -> body.contains("hero number " + i + "?")).findFirst().orElseThrow();
                    List<Long> times = requestTimes.computeIfAbsent(hero, h -> new CopyOnWriteArrayList<>());
                    times.add(System.nanoTime() / 1_000_000);
                    return responses.apply(hero, times.size());
                }
            });
            fixture.campaign("""
                    [{"name": "limited", "profile": "limited", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("limited");
            TestActivityEnvironment env = TestActivityEnvironment.newInstance();
            try {
                env.registerActivitiesImplementations(fixture.activitiesWithLedger(ledger));
                ModelCallActivities activities = env.newActivityStub(ModelCallActivities.class, ActivityOptions.newBuilder()
                        .setStartToCloseTimeout(Duration.ofSeconds(60))
                        .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build()).build());
                BatchCallResult result = activities.callModelBatch(new ItemBatch(cellId, 1, 0, ITEMS, 4, Integer.MAX_VALUE, false, window));
                List<Integer> stored = IntStream.range(0, ITEMS)
                        .filter(i -> fixture.store.modelCall(cellId, "s/" + i, 0, 0).isPresent()).boxed().toList();
                return new Run(result, requestTimes, stored, rows);
            } finally {
                env.close();
            }
        }
    }
}
