package dev.ibench.workers.access;

import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Per client address: a token bucket of {@code ratePerSecond} with {@code burst} tokens, and a count of requests in
 * flight. A refusal says how many whole seconds to wait ({@code Retry-After}). Idle clients are forgotten once
 * more than {@link #MAX_CLIENTS} addresses are known.
 */
final class ClientLimiter {
    static final int MAX_CLIENTS = 10_000;

    private static final class Client {
        double tokens;
        long refilledNanos;
        long lastSeenNanos;
        int inFlight;
    }

    private final double ratePerSecond;
    private final int burst;
    private final int maxConcurrent;
    private final LongSupplier nanoClock;
    private final Map<InetAddress, Client> clients = new ConcurrentHashMap<>();

    ClientLimiter(double ratePerSecond, int burst, int maxConcurrent, LongSupplier nanoClock) {
        this.ratePerSecond = ratePerSecond;
        this.burst = burst;
        this.maxConcurrent = maxConcurrent;
        this.nanoClock = nanoClock;
    }

    /** 0 when admitted (then {@link #release} once done), else the seconds the client should wait. */
    long acquire(InetAddress address) {
        if (ratePerSecond <= 0 && maxConcurrent <= 0) return 0;
        long now = nanoClock.getAsLong();
        if (clients.size() > MAX_CLIENTS) forgetIdle(now);
        Client c = clients.computeIfAbsent(address, a -> {
            Client fresh = new Client();
            fresh.tokens = burst;
            fresh.refilledNanos = now;
            return fresh;
        });
        synchronized (c) {
            c.lastSeenNanos = now;
            if (ratePerSecond > 0) {
                c.tokens = Math.min(burst, c.tokens + (now - c.refilledNanos) / 1e9 * ratePerSecond);
                c.refilledNanos = now;
                if (c.tokens < 1) return Math.max(1, (long) Math.ceil((1 - c.tokens) / ratePerSecond));
            }
            if (maxConcurrent > 0 && c.inFlight >= maxConcurrent) return 1;
            if (ratePerSecond > 0) c.tokens -= 1;
            c.inFlight++;
            return 0;
        }
    }

    void release(InetAddress address) {
        if (ratePerSecond <= 0 && maxConcurrent <= 0) return;
        Client c = clients.get(address);
        if (c == null) return;
        synchronized (c) {
            c.inFlight--;
        }
    }

    private void forgetIdle(long now) {
        clients.entrySet().removeIf(e -> {
            synchronized (e.getValue()) {
                return e.getValue().inFlight == 0 && now - e.getValue().lastSeenNanos > 60_000_000_000L;
            }
        });
    }
}
