package dev.ibench.workers.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import dev.ibench.workers.access.Admission;
import dev.ibench.workers.access.NonLoopbackBind;
import dev.ibench.workers.access.RequestGuard;
import dev.ibench.workers.access.ServedAccess;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Prometheus {@code GET /metrics}: Temporal SDK metrics (through {@link MicrometerClientStatsReporter})
 * and the project's own Micrometer meters, from one {@link PrometheusMeterRegistry}. Loopback by default; like the tool
 * servers it binds a non-loopback address only with a token ({@link NonLoopbackBind}) and admits each request with
 * their {@link RequestGuard} (Host and Origin, per-client rate and requests in flight, the bearer token).
 */
public final class MetricsEndpoint implements AutoCloseable {
    /** Threads answering scrapes: a scrape is one small read of the registry. */
    private static final int THREADS = 2;

    private final PrometheusMeterRegistry registry;
    private final Scope temporalScope;
    private final HttpServer server;
    private final ExecutorService threads;

    private MetricsEndpoint(PrometheusMeterRegistry registry, Scope temporalScope, HttpServer server, ExecutorService threads) {
        this.registry = registry;
        this.temporalScope = temporalScope;
        this.server = server;
        this.threads = threads;
    }

    /** Serves on {@code host:port} with the default access (no token: loopback only); port 0 picks a free port. */
    public static MetricsEndpoint start(String host, int port) {
        return start(host, port, ServedAccess.DEFAULT);
    }

    /**
     * Serves on {@code host:port}; port 0 picks a free port (see {@link #port()}).
     *
     * @throws IllegalArgumentException for a non-loopback {@code host} without a token in {@code access}, or an unknown host
     */
    public static MetricsEndpoint start(String host, int port, ServedAccess access) {
        try {
            NonLoopbackBind.refusal(host, access, "read the metrics", "--metrics-token-env").ifPresent(refusal -> {
                throw new IllegalArgumentException(refusal);
            });
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--metrics-host " + host + ": unknown host", e);
        }
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Scope scope = new RootScopeBuilder()
                .reporter(new MicrometerClientStatsReporter(registry))
                .reportEvery(com.uber.m3.util.Duration.ofSeconds(1));
        ExecutorService threads = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "ibench-metrics");
            t.setDaemon(true);
            return t;
        });
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
            RequestGuard guard = new RequestGuard(access, new InetSocketAddress(InetAddress.getByName(host), server.getAddress().getPort()));
            server.createContext("/metrics", exchange -> answer(exchange, guard, registry));
            server.setExecutor(threads);
            server.start();
            return new MetricsEndpoint(registry, scope, server, threads);
        } catch (IOException e) {
            threads.shutdownNow();
            throw new UncheckedIOException("could not serve /metrics on " + host + ":" + port, e);
        }
    }

    private static void answer(HttpExchange exchange, RequestGuard guard, PrometheusMeterRegistry registry) throws IOException {
        try (exchange) {
            Admission admission = guard.admit(exchange.getRemoteAddress().getAddress(), exchange.getRequestHeaders()::getFirst);
            if (admission instanceof Admission.Refused refused) {
                refused.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
                send(exchange, refused.status(), refused.message() + "\n");
                return;
            }
            try {
                if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                    exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                    send(exchange, 405, "only GET and HEAD\n");
                    return;
                }
                send(exchange, 200, registry.scrape());
            } finally {
                ((Admission.Admitted) admission).release().run();
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String text) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The tally scope to hand to {@code WorkflowServiceStubsOptions.setMetricsScope}. */
    public Scope temporalScope() {
        return temporalScope;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
        try {
            temporalScope.close();
        } catch (com.uber.m3.tally.ScopeCloseException e) {
            // Closing only flushes the last metrics; nothing to recover.
        }
        registry.close();
    }
}
