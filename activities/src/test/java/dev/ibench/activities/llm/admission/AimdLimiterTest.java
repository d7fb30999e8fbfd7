package dev.ibench.activities.llm.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AimdLimiterTest {
    @Test
    void aLaterCallerAskingForMoreRaisesTheEndpointsCeilingAndOneAskingForLessLowersNothing() throws Exception {
        EndpointLimiters limiters = new EndpointLimiters();
        AimdLimiter first = limiters.forEndpoint("http://h/v1", 2); // e.g. a profile's max_concurrency: 2
        AimdLimiter entry = limiters.forEndpoint("http://h/v1", 8); // a campaign entry's concurrency: 8
        assertThat(entry).isSameAs(first);
        assertThat(entry.currentLimit()).isEqualTo(8);
        for (int i = 0; i < 8; i++) {
            entry.acquire(); // would block at the third call if the first caller's 2 still capped the endpoint
        }
        assertThat(entry.inFlight()).isEqualTo(8);
        limiters.forEndpoint("http://h/v1", 1);
        assertThat(entry.maxLimit()).isEqualTo(8);
        assertThat(limiters.forEndpoint("http://other/v1", 3).maxLimit()).as("endpoints stay separate").isEqualTo(3);
    }

    @Test
    void halvesOnThrottleAndGrowsBackAboutOneSlotPerWindow() {
        AimdLimiter l = new AimdLimiter("e", 8);
        l.onThrottled();
        assertThat(l.currentLimit()).isEqualTo(4);
        l.onThrottled();
        l.onThrottled();
        l.onThrottled();
        assertThat(l.currentLimit()).isEqualTo(1);
        l.onSuccess();
        assertThat(l.currentLimit()).isEqualTo(2);
        l.onSuccess();
        assertThat(l.currentLimit()).as("needs a full window of 2 successes").isEqualTo(2);
        l.onSuccess();
        assertThat(l.currentLimit()).isEqualTo(3);
        for (int i = 0; i < 100; i++) l.onSuccess();
        assertThat(l.currentLimit()).isEqualTo(8);
    }

    @Test
    void aWindowRefusedAtOnceHalvesTheLimitOnceAsOneCongestionEvent() throws Exception {
        AimdLimiter l = new AimdLimiter("e", 8);
        long[] window = new long[8];
        for (int i = 0; i < 8; i++) {
            window[i] = l.acquire();
        }
        for (long ticket : window) {
            l.onThrottled(ticket); // all 8 in flight answered 429: before, 8 -> 4 -> 2 -> 1 -> 1 ...
            l.release();
        }
        assertThat(l.currentLimit()).as("the 8 refusals of one window halve it once").isEqualTo(4);
        long after = l.acquire();
        l.onThrottled(after);
        l.release();
        assertThat(l.currentLimit()).as("a request sent after the halving and refused again halves it again").isEqualTo(2);
    }

    @Test
    void neverLetsMoreThanTheLimitRunAtOnce() throws Exception {
        AimdLimiter l = new AimdLimiter("e", 3);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger peak = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Thread t = new Thread(() -> {
                try {
                    l.acquire();
                    try {
                        peak.accumulateAndGet(running.incrementAndGet(), Math::max);
                        Thread.sleep(20);
                        running.decrementAndGet();
                    } finally {
                        l.release();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) t.join();
        assertThat(peak.get()).isEqualTo(3);
        assertThat(l.inFlight()).isZero();
    }

    @Test
    void sharedPerEndpoint() {
        EndpointLimiters limiters = new EndpointLimiters();
        assertThat(limiters.forEndpoint("a", 4)).isSameAs(limiters.forEndpoint("a", 9));
        assertThat(limiters.forEndpoint("a", 4)).isNotSameAs(limiters.forEndpoint("b", 4));
    }
}
