package dev.ibench.workers.metrics;

import com.sun.net.httpserver.HttpServer;
import com.uber.m3.tally.RootScopeBuilder;
import com.uber.m3.tally.Scope;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.temporal.common.reporter.MicrometerClientStatsReporter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Prometheus {@code GET /metrics}: Temporal SDK metrics (through {@link MicrometerClientStatsReporter})
 * and the project's own Micrometer meters, from one {@link PrometheusMeterRegistry}.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private final PrometheusMeterRegistry registry;
    private final Scope temporalScope;
    private final HttpServer server;

    private MetricsEndpoint(PrometheusMeterRegistry registry, Scope temporalScope, HttpServer server) {
        this.registry = registry;
        this.temporalScope = temporalScope;
        this.server = server;
    }

    /** Serves on {@code host:port}; port 0 picks a free port (see {@link #port()}). */
    public static MetricsEndpoint start(String host, int port) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        Scope scope = new RootScopeBuilder()
                .reporter(new MicrometerClientStatsReporter(registry))
                .reportEvery(com.uber.m3.util.Duration.ofSeconds(1));
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(host, port), 0);
            server.createContext("/metrics", exchange -> {
                byte[] body = registry.scrape().getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.start();
            return new MetricsEndpoint(registry, scope, server);
        } catch (IOException e) {
            throw new UncheckedIOException("could not serve /metrics on " + host + ":" + port, e);
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
        try {
            temporalScope.close();
        } catch (com.uber.m3.tally.ScopeCloseException e) {
            // Closing only flushes the last metrics; nothing to recover.
        }
        registry.close();
    }
}
