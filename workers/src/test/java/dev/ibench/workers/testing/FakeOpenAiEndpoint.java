package dev.ibench.workers.testing;

import dev.ibench.testing.batch.StandInAnswers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/**
 * TEST DOUBLE, not a model: an OpenAI-compatible {@code /v1/completions} endpoint on 127.0.0.1 that
 * answers after a fixed delay with a tool-call list chosen deterministically from the prompt, so the
 * same prompt always gets the same answer. It can be switched to answer 503 or 401 (fault injection)
 * and counts the requests it received, with their arrival times.
 */
public final class FakeOpenAiEndpoint implements AutoCloseable {
    public enum Mode { ANSWER, UNAVAILABLE, UNAUTHORIZED }

    private static final String[] ANSWERS = StandInAnswers.TEXTS.toArray(String[]::new);

    private final MockWebServer server = new MockWebServer();
    private final AtomicInteger requests = new AtomicInteger();
    private final java.util.Queue<Long> arrivals = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.Queue<String> bodies = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.Queue<Request> received = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final java.util.Queue<KeyedArrival> keyedArrivals = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private volatile Mode mode = Mode.ANSWER;
    private volatile String requiredKey;
    private final AtomicInteger authorized = new AtomicInteger();
    private final AtomicInteger echoingFailures = new AtomicInteger();

    private FakeOpenAiEndpoint(Duration delay) {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                requests.incrementAndGet();
                long arrived = System.nanoTime();
                arrivals.add(arrived);
                keyedArrivals.add(new KeyedArrival(arrived, String.valueOf(request.getHeader("Authorization"))));
                String body = request.getBody().readUtf8();
                bodies.add(body);
                received.add(new Request(System.nanoTime(), body));
                String key = requiredKey;
                if (key != null) {
                    String authorization = String.valueOf(request.getHeader("Authorization"));
                    if (!authorization.equals("Bearer " + key)) {
                        return new MockResponse().setResponseCode(401).setBody("{\"error\": \"invalid api key\"}");
                    }
                    authorized.incrementAndGet();
                    if (echoingFailures.getAndDecrement() > 0) {
                        // hostile provider: echoes the credential it was sent in an error body
                        return new MockResponse().setResponseCode(503).setBody("{\"error\": \"overloaded\", \"your_header\": \""
                                + authorization + "\"}");
                    }
                }
                return switch (mode) {
                    case UNAVAILABLE -> new MockResponse().setResponseCode(503).setBody("{\"error\": \"overloaded\"}");
                    case UNAUTHORIZED -> new MockResponse().setResponseCode(401).setBody("{\"error\": \"invalid api key\"}");
                    case ANSWER -> answer(body)
                            .setBodyDelay(delay.toMillis(), TimeUnit.MILLISECONDS);
                };
            }
        });
        try {
            server.start(java.net.InetAddress.getLoopbackAddress(), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the fake endpoint", e);
        }
    }

    public static FakeOpenAiEndpoint start(Duration delay) {
        return new FakeOpenAiEndpoint(delay);
    }

    private static MockResponse answer(String body) {
        String text = ANSWERS[Math.floorMod(body.hashCode(), ANSWERS.length)];
        String json = "{\"id\": \"fake\", \"object\": \"text_completion\", \"choices\": [{\"index\": 0, \"text\": "
                + quote(text) + ", \"finish_reason\": \"stop\"}], \"usage\": {\"prompt_tokens\": 100, \"completion_tokens\": 20}}";
        return new MockResponse().setHeader("Content-Type", "application/json").setBody(json);
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Base URL including the version path, as profiles expect it. */
    public String baseUrl() {
        return server.url("/v1").toString();
    }

    public void setMode(Mode mode) {
        this.mode = mode;
    }

    /**
     * From now on answer 401 unless the request carries {@code Authorization: Bearer key}; the first
     * {@code echoingFailures} authorized requests get a 503 whose body echoes the Authorization header back.
     */
    public void requireBearer(String key, int echoingFailures) {
        this.echoingFailures.set(echoingFailures);
        this.requiredKey = key;
    }

    /** Requests that carried the required key. */
    public int authorizedCount() {
        return authorized.get();
    }

    public int requestCount() {
        return requests.get();
    }

    /** When each request arrived ({@link System#nanoTime()}), in arrival order. */
    public java.util.List<Long> arrivals() {
        return arrivals.stream().sorted().toList();
    }

    /** When a request arrived ({@link System#nanoTime()}) and the Authorization header it carried ("null": none). */
    public record KeyedArrival(long arrivedNanos, String authorization) {}

    /** Every request's arrival with its Authorization header, in arrival order (workers told apart by their keys). */
    public java.util.List<KeyedArrival> keyedArrivals() {
        return keyedArrivals.stream().sorted(java.util.Comparator.comparingLong(KeyedArrival::arrivedNanos)).toList();
    }

    /** A request as it arrived: when ({@link System#nanoTime()}, taken once its body was read) and its body. */
    public record Request(long arrivedNanos, String body) {}

    /** Every request so far with its arrival time, in arrival order. */
    public java.util.List<Request> requests() {
        return received.stream().sorted(java.util.Comparator.comparingLong(Request::arrivedNanos)).toList();
    }

    /** How many requests so far had {@code text} in their body (e.g. one sample's question). */
    public long requestsContaining(String text) {
        return bodies.stream().filter(b -> b.contains(text)).count();
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
    }
}
