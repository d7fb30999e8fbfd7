package dev.ibench.workers.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TEST TOOL, not part of ibench: an HTTP proxy on 127.0.0.1 between ibench and a real model server that records every
 * request it forwards (path, body) with its outcome (the upstream status and body, or the failure), so a test can
 * prove which requests a server answered. When the upstream fails (refused, cut mid-answer), the proxy drops the
 * client's connection without an answer, as the dead server itself would have.
 */
public final class RecordingLoopbackProxy implements AutoCloseable {
    /** One forwarded request; {@code status} is -1 when the upstream gave no answer ({@code failure} says why). */
    public record Exchange(int sequence, String path, String requestBody, int status, String responseBody, String failure) {
        public boolean answered() {
            return status == 200;
        }
    }

    private final URI upstream;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Exchange> exchanges = new ArrayList<>();
    private final AtomicInteger sequence = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();

    private RecordingLoopbackProxy(URI upstream) {
        this.upstream = upstream;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the recording proxy on 127.0.0.1", e);
        }
        server.createContext("/", this::forward);
        server.setExecutor(threads);
        server.start();
    }

    /** @param upstream the server's base URL without a path, e.g. {@code http://127.0.0.1:8080} */
    public static RecordingLoopbackProxy to(String upstream) {
        return new RecordingLoopbackProxy(URI.create(upstream));
    }

    private void forward(HttpExchange exchange) throws IOException {
        int n = sequence.incrementAndGet();
        String path = exchange.getRequestURI().getRawPath();
        byte[] body = exchange.getRequestBody().readAllBytes();
        String requestBody = new String(body, StandardCharsets.UTF_8);
        inFlight.incrementAndGet();
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(upstream.resolve(exchange.getRequestURI().toString()))
                    .timeout(Duration.ofMinutes(10))
                    .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
            String contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            if (contentType != null) {
                request.header("Content-Type", contentType);
            }
            HttpResponse<byte[]> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                record(new Exchange(n, path, requestBody, -1, null, e.toString()));
                throw e; // the HttpServer then closes the client's connection unanswered
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
            exchange.getResponseHeaders().set("Content-Type", response.headers().firstValue("Content-Type").orElse("application/json"));
            byte[] answer = response.body();
            exchange.sendResponseHeaders(response.statusCode(), answer.length == 0 ? -1 : answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
            record(new Exchange(n, path, requestBody, response.statusCode(), new String(answer, StandardCharsets.UTF_8), null));
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private void record(Exchange exchange) {
        synchronized (exchanges) {
            exchanges.add(exchange);
        }
    }

    /** Every finished exchange so far, in the order they finished. */
    public List<Exchange> exchanges() {
        synchronized (exchanges) {
            return List.copyOf(exchanges);
        }
    }

    /** Requests forwarded upstream and not finished yet. */
    public int inFlight() {
        return inFlight.get();
    }

    /** Base URL including the version path, as profiles and campaign entries expect it. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
