package dev.ibench.activities.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
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
    private static final int ENTRY_CONCURRENCY = 8;

    @TempDir Path tmp;

    @Test
    void theEntrysConcurrencyIsReachedAtTheServer() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        CountDownLatch allWaiting = new CountDownLatch(ENTRY_CONCURRENCY);
        EvalSample sample = ModelCallFixture.HEROES.get(0);
        try (ModelCallFixture fixture = new ModelCallFixture(tmp, List.of(sample))) {
            fixture.profile("two", 8, "max_concurrency: 2\n");
            String answer = ModelCallFixture.completion("[]", "stop");
            fixture.server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                    peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
                    allWaiting.countDown();
                    allWaiting.await(10, TimeUnit.SECONDS);
                    inFlight.decrementAndGet();
                    return new MockResponse().setBody(answer);
                }
            });
            fixture.campaign("""
                    [{"name": "small", "profile": "two", "endpoint": "%1$s"},
                     {"name": "wide", "profile": "two", "endpoint": "%1$s", "concurrency": %2$d}]
                    """.formatted(fixture.endpoint(), ENTRY_CONCURRENCY));
            ModelRunners runners = fixture.runners();
            // the entry without a concurrency builds the endpoint's limiter first, with the profile's 2
            ModelRunner small = runners.runner(fixture.cell("small"));
            assertThat(small.profile().maxConcurrency()).isEqualTo(2);
            ModelRunner wide = runners.runner(fixture.cell("wide"));
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
            assertThat(fixture.server.getRequestCount()).isEqualTo(ENTRY_CONCURRENCY);
            assertThat(peak.get()).as("requests at the server at once").isEqualTo(ENTRY_CONCURRENCY);
        }
    }
}
