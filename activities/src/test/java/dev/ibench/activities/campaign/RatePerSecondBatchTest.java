package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rate_per_second} paces the requests of a batched direct cell, not only the activities that carry them: one
 * batch activity of 100 items, 8 in flight, at {@code rate_per_second: 10} reaches the counting server (MockWebServer,
 * test double, answering at once) over at least 9.5 s (request 1 at 0 s, request 100 at 9.9 s), and no request is
 * ahead of the pace: request i arrives at least i x 100 ms after the first (less 250 ms for the first one's own
 * transit, a new connection on a loaded machine). A request may come late (a loaded machine delays a thread past its
 * start time), never early. The same batch without a rate takes well under that, so the pace is the entry's.
 */
class RatePerSecondBatchTest {
    private static final int ITEMS = 100;

    @TempDir Path tmp;

    @Test
    void aBatchOfOneHundredItemsAtTenPerSecondTakesAtLeastNineAndAHalfSeconds() throws Exception {
        List<Long> arrivals = batchArrivals("\"rate_per_second\": 10");

        assertThat(arrivals).hasSize(ITEMS);
        double seconds = (arrivals.get(ITEMS - 1) - arrivals.get(0)) / 1e9;
        assertThat(seconds).as("first to last of 100 requests at 10/s").isGreaterThanOrEqualTo(9.5);
        for (int i = 1; i < ITEMS; i++) {
            assertThat(arrivals.get(i) - arrivals.get(0)).as("request %d is not ahead of the pace", i)
                    .isGreaterThanOrEqualTo(i * 100_000_000L - 250_000_000L);
        }
    }

    @Test
    void withoutARateTheSameBatchIsNotPaced() throws Exception {
        List<Long> arrivals = batchArrivals(null);

        assertThat(arrivals).hasSize(ITEMS);
        assertThat((arrivals.get(ITEMS - 1) - arrivals.get(0)) / 1e9).isLessThan(9.0);
    }

    /** Runs one batch of all items of a cell whose model entry has {@code rateJson} (null: none); the requests' arrival times. */
    private List<Long> batchArrivals(String rateJson) throws Exception {
        List<EvalSample> samples = IntStream.range(0, ITEMS).mapToObj(i -> new EvalSample("s/" + i, "superhero",
                "How tall is hero " + i + "?", null, i, List.of(), null, ModelCallFixture.TOOLS, List.of())).toList();
        List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, samples)) {
            fixture.profile("paced", 16, "max_concurrency: 8\n");
            String answer = ModelCallFixture.completion("[]", "stop");
            fixture.server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    arrivals.add(System.nanoTime());
                    return new MockResponse().setBody(answer);
                }
            });
            fixture.campaign("""
                    [{"name": "paced", "profile": "paced", "endpoint": "%s", "concurrency": 8%s}]"""
                    .formatted(fixture.endpoint(), rateJson == null ? "" : ", " + rateJson));
            String cellId = fixture.savedCell("paced");
            BatchCallResult batch = fixture.activities(io.temporal.activity.ActivityOptions.newBuilder()
                            .setStartToCloseTimeout(java.time.Duration.ofSeconds(60)))
                    .callModelBatch(new ItemBatch(cellId, 1, 0, ITEMS, 8, Integer.MAX_VALUE));
            assertThat(batch.failures()).isEmpty();
            assertThat(batch.started()).isEqualTo(ITEMS);
        }
        List<Long> sorted = new ArrayList<>(arrivals);
        Collections.sort(sorted);
        return sorted;
    }
}
