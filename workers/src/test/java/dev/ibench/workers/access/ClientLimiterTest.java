package dev.ibench.workers.access;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The per-client limits on a hand-driven clock: values worked out by hand from the token-bucket rule. */
class ClientLimiterTest {
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

    @Test
    void rateLimitRefillsAtTheRateAndNamesTheWait() throws Exception {
        ClientLimiter limiter = new ClientLimiter(0.5, 2, 0, nanos::get); // one request per 2 s, bursts of 2
        InetAddress a = InetAddress.getByName("10.0.0.1");
        InetAddress b = InetAddress.getByName("10.0.0.2");
        assertThat(limiter.acquire(a)).isZero();
        assertThat(limiter.acquire(a)).isZero();
        assertThat(limiter.acquire(a)).isEqualTo(2); // 0 tokens: (1 - 0) / 0.5 = 2 s
        assertThat(limiter.acquire(b)).as("another client has its own bucket").isZero();
        nanos.addAndGet(1_000_000_000L); // 0.5 token back
        assertThat(limiter.acquire(a)).isEqualTo(1); // (1 - 0.5) / 0.5 = 1 s
        nanos.addAndGet(1_000_000_000L); // 1 token
        assertThat(limiter.acquire(a)).isZero();
    }

    @Test
    void concurrencyLimitCountsRequestsInFlight() throws Exception {
        ClientLimiter limiter = new ClientLimiter(0, 0, 2, nanos::get);
        InetAddress a = InetAddress.getByName("10.0.0.1");
        assertThat(limiter.acquire(a)).isZero();
        assertThat(limiter.acquire(a)).isZero();
        assertThat(limiter.acquire(a)).isEqualTo(1);
        limiter.release(a);
        assertThat(limiter.acquire(a)).isZero();
    }
}
