package dev.ibench.activities.llm.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The endpoint's pacer is shared: two callers (e.g. two activities, or two model entries at one endpoint) asking from
 * four threads together start 21 requests at 20/s over at least 1 s (by hand: request 21 starts 20 intervals of 50 ms
 * after the first), and a lower rate asked later for the endpoint holds for every caller.
 */
class RequestPacerTest {
    @Test
    void callersOfOneEndpointShareItsPace() throws Exception {
        EndpointLimiters limiters = new EndpointLimiters();
        RequestPacer a = limiters.pacer("http://h/v1", 20);
        RequestPacer b = limiters.pacer("http://h/v1", 40);
        assertThat(b).isSameAs(a);
        assertThat(a.ratePerSecond()).as("the higher rate asked later does not raise it").isEqualTo(20.0);
        assertThat(limiters.pacer("http://other/v1", 5).ratePerSecond()).isEqualTo(5.0);

        List<Long> starts = Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        long begin = System.nanoTime();
        for (int t = 0; t < 4; t++) {
            RequestPacer mine = t % 2 == 0 ? a : b;
            int requests = t == 0 ? 6 : 5;
            Thread thread = new Thread(() -> {
                for (int i = 0; i < requests; i++) {
                    try {
                        mine.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    starts.add(System.nanoTime());
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join(10_000);
        }
        assertThat(starts).hasSize(21);
        assertThat((Collections.max(starts) - begin) / 1e9).isGreaterThanOrEqualTo(0.99);

        limiters.pacer("http://h/v1", 2);
        assertThat(a.ratePerSecond()).isEqualTo(2.0);
    }

    @Test
    void aRateThatIsNotPositiveIsRefusedWithTheEndpointNamed() {
        assertThatThrownBy(() -> new RequestPacer("http://h/v1", 0))
                .hasMessageContaining("rate_per_second of http://h/v1 must be a positive number");
    }
}
