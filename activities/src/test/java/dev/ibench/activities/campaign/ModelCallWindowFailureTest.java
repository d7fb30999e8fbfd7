package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 33, fix 1: one item's infrastructure failure does not stop a window batch ({@link ItemBatch#window}). 40 items,
 * 4 at a time, against an endpoint (MockWebServer, test double) that answers item 5 with a 500 and item 9 with a wrong
 * answer (a model's own bad answer). The window batch starts all 40 items in its one run: item 5 is returned as a
 * retryable failure (the cell sends it through the per-item path), item 9's answer is stored like any other (it is
 * scored, as wrong). A batch that is not a window batch stops starting items at item 5's failure, as before. An
 * endpoint that fails every request stops a window batch after {@link WindowFailures#STREAK} failures in a row.
 */
class ModelCallWindowFailureTest {
    private static final int ITEMS = 40;
    private static final String RIGHT = "[{\"name\": \"get_height\", \"arguments\": {}}]";

    @TempDir Path tmp;

    @Test
    void aWindowBatchGoesOnPastOneFailedItemAndStoresABadAnswerAsAnAnswer() throws Exception {
        Run run = run(true, hero -> hero == 5 ? new MockResponse().setResponseCode(500).setBody("{\"error\": \"boom\"}")
                : answer(hero == 9 ? "I do not know this hero." : RIGHT));
        assertThat(run.result.started()).as("every item started by the one batch").isEqualTo(ITEMS);
        assertThat(run.result.failures()).extracting(ItemFailure::index).containsExactly(5);
        ItemFailure failed = run.result.failures().get(0);
        assertThat(failed.sampleRejected() || failed.endpointRejected()).as("an infrastructure failure, retried per item").isFalse();
        assertThat(run.requests).as("one request per item").hasSize(ITEMS).allSatisfy((hero, n) -> assertThat(n.get()).isEqualTo(1));
        assertThat(run.stored).as("every answered item stored, the wrong answer too").hasSize(ITEMS - 1).contains(9).doesNotContain(5);
    }

    @Test
    void aBatchThatIsNoWindowBatchStillStopsAtTheFirstFailure() throws Exception {
        Run run = run(false, hero -> hero == 5 ? new MockResponse().setResponseCode(500).setBody("{\"error\": \"boom\"}") : answer(RIGHT));
        assertThat(run.result.failures()).extracting(ItemFailure::index).containsExactly(5);
        // at item 5's failure at most 9 items had started (3 others in flight); each of those 3 slots may finish in the
        // same instant and take one more item before it sees the stop: 12 at most, where a window batch starts all 40
        assertThat(run.result.started()).as("no slot took an item after it saw item 5's failure").isLessThanOrEqualTo(12);
    }

    @Test
    void aWindowBatchStopsWhenItsEndpointFailsEveryRequest() throws Exception {
        Run run = run(true, hero -> new MockResponse().setResponseCode(500).setBody("{\"error\": \"down\"}"));
        assertThat(run.result.started()).as("8 failures in a row, and at most 3 more in flight")
                .isBetween(WindowFailures.STREAK, WindowFailures.STREAK + 3);
        assertThat(run.result.failures()).hasSize(run.result.started());
        assertThat(run.stored).isEmpty();
    }

    private record Run(BatchCallResult result, Map<Integer, AtomicInteger> requests, List<Integer> stored) {}

    private static MockResponse answer(String text) {
        try {
            return new MockResponse().setBody(ModelCallFixture.completion(text, "stop"));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One batch of all items, 4 at a time, {@code window} or not; {@code responses} answers hero i's request. */
    private Run run(boolean window, IntFunction<MockResponse> responses) throws Exception {
        List<EvalSample> samples = IntStream.range(0, ITEMS).mapToObj(i -> new EvalSample("s/" + i, "superhero",
                "How tall is hero number " + i + "?", null, i, List.of(), null, ModelCallFixture.TOOLS, List.of())).toList();
        Map<Integer, AtomicInteger> requests = new ConcurrentHashMap<>();
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, samples)) {
            fixture.profile("flaky", 16, "max_attempts: 1\n");
            fixture.server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    String body = request.getBody().readUtf8();
                    int hero = IntStream.range(0, ITEMS).filter(i -> body.contains("hero number " + i + "?")).findFirst().orElseThrow();
                    requests.computeIfAbsent(hero, h -> new AtomicInteger()).incrementAndGet();
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return responses.apply(hero);
                }
            });
            fixture.campaign("""
                    [{"name": "flaky", "profile": "flaky", "endpoint": "%s"}]""".formatted(fixture.endpoint()));
            String cellId = fixture.savedCell("flaky");
            BatchCallResult result = fixture.activities(io.temporal.activity.ActivityOptions.newBuilder()
                            .setStartToCloseTimeout(java.time.Duration.ofSeconds(60)))
                    .callModelBatch(new ItemBatch(cellId, 1, 0, ITEMS, 4, Integer.MAX_VALUE, false, window));
            List<Integer> stored = IntStream.range(0, ITEMS)
                    .filter(i -> fixture.store.modelCall(cellId, "s/" + i, 0, 0).isPresent()).boxed().toList();
            return new Run(result, requests, stored);
        }
    }
}
