package dev.ibench.workers.access;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Admits or refuses one HTTP request of a served tool server, in this order: {@code Host} (403 unless it names the
 * bound address, a loopback name when bound to loopback, or an {@code --allow-host}; not checked on a wildcard bind
 * without {@code --allow-host}), {@code Origin} (403 unless absent, the request's own host, or an
 * {@code --allow-origin}: a page of another site cannot reach the server through DNS rebinding), the client's request
 * rate (429 with {@code Retry-After}), the bearer token (401 with {@code WWW-Authenticate}), the client's requests in
 * flight (429 with {@code Retry-After}). Refusal messages never contain the token.
 */
public final class RequestGuard {
    private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "::1", "[::1]");

    private final byte[] tokenDigest;
    private final Set<String> hosts;
    private final boolean hostChecked;
    private final int port;
    private final Set<String> origins;
    private final ClientLimiter limiter;

    public RequestGuard(ServedAccess access, InetSocketAddress bound) {
        this.tokenDigest = access.token() == null ? null : sha256(access.token());
        this.port = bound.getPort();
        Set<String> names = new HashSet<>();
        for (String h : access.allowHosts()) names.add(h.toLowerCase(Locale.ROOT));
        InetAddress address = bound.getAddress();
        boolean wildcard = address != null && address.isAnyLocalAddress();
        if (address != null && address.isLoopbackAddress()) names.addAll(LOOPBACK_NAMES);
        if (address != null && !wildcard) {
            names.add(address.getHostAddress().toLowerCase(Locale.ROOT));
            names.add("[" + address.getHostAddress().toLowerCase(Locale.ROOT) + "]");
        }
        if (bound.getHostString() != null && !wildcard) names.add(bound.getHostString().toLowerCase(Locale.ROOT));
        this.hosts = Set.copyOf(names);
        this.hostChecked = !wildcard || !access.allowHosts().isEmpty();
        Set<String> allowedOrigins = new HashSet<>();
        for (String o : access.allowOrigins()) allowedOrigins.add(o.toLowerCase(Locale.ROOT));
        this.origins = Set.copyOf(allowedOrigins);
        this.limiter = new ClientLimiter(access.ratePerSecond(), access.effectiveBurst(), access.maxConcurrentPerClient(), System::nanoTime);
    }

    /** {@code header} gives a request header's first value by name (case-insensitive), or null. */
    public Admission admit(InetAddress client, Function<String, String> header) {
        String host = header.apply("Host");
        if (host != null && hostChecked && !hostAllowed(host)) {
            return refused(403, "Host '" + printable(host) + "' is not this server's address (allow it with --allow-host)", Map.of());
        }
        String origin = header.apply("Origin");
        if (origin != null && !originAllowed(origin, host)) {
            return refused(403, "Origin '" + printable(origin) + "' may not use this server (allow it with --allow-origin)", Map.of());
        }
        long wait = limiter.acquire(client);
        if (wait > 0) {
            return refused(429, "too many requests from " + client.getHostAddress() + "; retry after " + wait + " s",
                    Map.of("Retry-After", Long.toString(wait)));
        }
        if (tokenDigest != null && !tokenMatches(header.apply("Authorization"))) {
            limiter.release(client);
            return refused(401, "missing or wrong bearer token (send 'Authorization: Bearer <token>')",
                    Map.of("WWW-Authenticate", "Bearer realm=\"ibench\""));
        }
        return new Admission.Admitted(() -> limiter.release(client));
    }

    private static Admission refused(int status, String message, Map<String, String> headers) {
        return new Admission.Refused(status, message, headers);
    }

    private boolean tokenMatches(String authorization) {
        if (authorization == null) return false;
        String value = authorization.trim();
        if (value.length() < 7 || !value.regionMatches(true, 0, "Bearer ", 0, 7)) return false;
        return MessageDigest.isEqual(tokenDigest, sha256(value.substring(7).trim()));
    }

    private boolean hostAllowed(String hostHeader) {
        String h = hostHeader.trim().toLowerCase(Locale.ROOT);
        if (hosts.contains(h)) return true;
        String name = h;
        String portPart = null;
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            if (close < 0) return false;
            name = h.substring(0, close + 1);
            String rest = h.substring(close + 1);
            if (!rest.isEmpty()) {
                if (!rest.startsWith(":")) return false;
                portPart = rest.substring(1);
            }
        } else {
            int colon = h.indexOf(':');
            if (colon >= 0) {
                if (h.indexOf(':', colon + 1) >= 0) return false; // an IPv6 literal must be bracketed
                name = h.substring(0, colon);
                portPart = h.substring(colon + 1);
            }
        }
        if (portPart != null && !portPart.equals(Integer.toString(port))) return false;
        return hosts.contains(name);
    }

    private boolean originAllowed(String origin, String hostHeader) {
        String o = origin.trim().toLowerCase(Locale.ROOT);
        if (origins.contains("*") || origins.contains(o)) return true;
        try {
            URI uri = new URI(o);
            if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) return false;
            String authority = uri.getRawAuthority();
            // same origin: the page was served by this very host and port
            return hostHeader != null && authority.equals(hostHeader.trim().toLowerCase(Locale.ROOT)) && hostAllowed(authority);
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String printable(String s) {
        String cut = s.length() > 100 ? s.substring(0, 100) + "..." : s;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }

    private static byte[] sha256(String s) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
