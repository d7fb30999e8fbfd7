package dev.ibench.workers.access;

import java.util.List;

/**
 * Access settings of a served tool server. {@code token}: the bearer token every request must carry (null: none);
 * {@code allowHosts}/{@code allowOrigins}: extra {@code Host} names and {@code Origin}s accepted besides the bound
 * address's own; {@code ratePerSecond}: requests per second per client address (0: no limit) with bursts of
 * {@code burst}; {@code maxConcurrentPerClient}: requests in flight per client address (0: no limit).
 * {@link #toString()} never shows the token.
 */
public record ServedAccess(String token, List<String> allowHosts, List<String> allowOrigins, double ratePerSecond, int burst,
        int maxConcurrentPerClient) {
    /** No token, Host and Origin checked against the bound address, no rate or concurrency limit. */
    public static final ServedAccess DEFAULT = new ServedAccess(null, List.of(), List.of(), 0, 0, 0);

    public ServedAccess {
        if (token != null && token.isBlank()) throw new IllegalArgumentException("the bearer token is empty");
        allowHosts = List.copyOf(allowHosts);
        allowOrigins = List.copyOf(allowOrigins);
        if (ratePerSecond < 0 || Double.isNaN(ratePerSecond)) throw new IllegalArgumentException("--rate-limit must be 0 or more, got " + ratePerSecond);
        if (burst < 0) throw new IllegalArgumentException("--rate-burst must be 0 or more, got " + burst);
        if (maxConcurrentPerClient < 0) {
            throw new IllegalArgumentException("--max-concurrent must be 0 or more, got " + maxConcurrentPerClient);
        }
    }

    public ServedAccess withToken(String newToken) {
        return new ServedAccess(newToken, allowHosts, allowOrigins, ratePerSecond, burst, maxConcurrentPerClient);
    }

    /** Requests a client may send at once before the rate limit applies: {@code burst}, else one second's worth. */
    public int effectiveBurst() {
        return burst > 0 ? burst : (int) Math.max(1, Math.ceil(ratePerSecond));
    }

    @Override
    public String toString() {
        return "ServedAccess[token=" + (token == null ? "none" : "(set)") + ", allowHosts=" + allowHosts + ", allowOrigins=" + allowOrigins
                + ", ratePerSecond=" + ratePerSecond + ", burst=" + burst + ", maxConcurrentPerClient=" + maxConcurrentPerClient + "]";
    }
}
