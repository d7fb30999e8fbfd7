package dev.ibench.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * TEST DOUBLE for the throughput bench, not a model: an OpenAI-compatible {@code /v1/completions} endpoint on
 * 127.0.0.1 that answers every request after a latency drawn from a {@link LatencyDistribution} (fixed or lognormal) with a tool-call list chosen from the prompt, and allows at
 * most {@code maxConcurrent} requests at once (one more is answered 429 at once, as a saturated server would). Counts
 * requests, 429s and the most requests it ever had in flight.
 */
final class LatencyEndpoint implements AutoCloseable {
    private static final String[] ANSWERS = {
        "[{\"name\": \"filter_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"key_name\": \"superhero_superhero_name\","
                + " \"value\": \"Batman\", \"condition\": \"equal_to\"}, \"label\": \"FILTERED_DF_0\"}]",
        "[{\"name\": \"retrieve_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"key_name\": \"superhero_full_name\","
                + " \"distinct\": false, \"limit\": -1}, \"label\": \"SELECT_COL_0\"}]",
    };

    private final HttpServer server;
    private final ExecutorService threads;
    private final LatencyDistribution latency;
    private final int maxConcurrent;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private static final ThreadLocal<Long> HANDED_OFF = ThreadLocal.withInitial(System::nanoTime);
    /** Per request: hand-off to the executor -> handler start; handler start -> sleep start (the body read); the sleep. */
    private final LongAdder handOffToHandlerNanos = new LongAdder();
    private final LongAdder handlerToSleepNanos = new LongAdder();
    private final LongAdder sleptMillis = new LongAdder();
    private final AtomicInteger answered = new AtomicInteger();
    /**
     * Slot occupancy (issue 33): requests in flight integrated over time, from the first request to the start of the
     * last one, i.e. while the campaign still had items to send. Little's law: throughput = mean in flight / latency.
     */
    private final Object occupancy = new Object();
    private long firstStartNanos = -1;
    private long lastChangeNanos;
    private int occupied;
    private double busyNanos;
    private long lastStartNanos;
    private double busyAtLastStart;
    private int startsAtLastStart;

    LatencyEndpoint(LatencyDistribution latency, int maxConcurrent) throws IOException {
        // Without TCP_NODELAY the JDK server sends a response's headers and body as two segments, and the second waits
        // for the client's delayed ACK: about 40 ms more per request than the latency this endpoint stands for
        // (read once per JVM, so it must be set before the first server is created, as RestToolServer does too).
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
        this.latency = latency;
        this.maxConcurrent = maxConcurrent;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        threads = Executors.newFixedThreadPool(maxConcurrent + 16, r -> {
            Thread t = new Thread(r, "latency-endpoint");
            t.setDaemon(true);
            return t;
        });
        // the server hands each exchange to this executor: the time from that hand-off to the handler's start is the
        // exchange's wait for a thread (and the header parsing the JDK server does on it before calling the handler)
        server.setExecutor(task -> {
            long handedOff = System.nanoTime();
            threads.execute(() -> {
                HANDED_OFF.set(handedOff);
                task.run();
            });
        });
        server.createContext("/v1/completions", this::answer);
        server.start();
    }

    private void answer(HttpExchange exchange) throws IOException {
        long handlerStart = System.nanoTime();
        handOffToHandlerNanos.add(handlerStart - HANDED_OFF.get());
        requests.incrementAndGet();
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        int now = inFlight.incrementAndGet();
        occupancyChange(+1);
        boolean counted = true;
        try {
            peakInFlight.accumulateAndGet(now, Math::max);
            if (now > maxConcurrent) {
                refused.incrementAndGet();
                send(exchange, 429, "{\"error\": \"too many concurrent requests\"}");
                return;
            }
            long sleep = latency.nextMillis();
            handlerToSleepNanos.add(System.nanoTime() - handlerStart);
            Thread.sleep(sleep);
            sleptMillis.add(sleep);
            answered.incrementAndGet();
            // the request's slot is free once its answer is ready, as in a real server: the client may send its next
            // request as soon as it has read this answer, before this thread is done writing it
            inFlight.decrementAndGet();
            occupancyChange(-1);
            counted = false;
            String text = ANSWERS[Math.floorMod(new String(body, StandardCharsets.UTF_8).hashCode(), ANSWERS.length)];
            send(exchange, 200, "{\"id\": \"fake\", \"object\": \"text_completion\", \"choices\": [{\"index\": 0, \"text\": "
                    + "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\", \"finish_reason\": \"stop\"}],"
                    + " \"usage\": {\"prompt_tokens\": 100, \"completion_tokens\": 20}}");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (counted) {
                inFlight.decrementAndGet();
                occupancyChange(-1);
            }
        }
    }

    private void occupancyChange(int delta) {
        synchronized (occupancy) {
            long now = System.nanoTime();
            if (firstStartNanos < 0) {
                firstStartNanos = now;
                lastChangeNanos = now;
            }
            busyNanos += (double) occupied * (now - lastChangeNanos);
            lastChangeNanos = now;
            occupied += delta;
            if (delta > 0) {
                lastStartNanos = now;
                busyAtLastStart = busyNanos;
                startsAtLastStart++;
            }
        }
    }

    /** Seconds from the first request to the start of the last one (0 before two requests). */
    double secondsUntilLastStart() {
        synchronized (occupancy) {
            return firstStartNanos < 0 ? 0 : (lastStartNanos - firstStartNanos) / 1e9;
        }
    }

    /** Requests in flight on average from the first request to the start of the last one. */
    double meanInFlightUntilLastStart() {
        synchronized (occupancy) {
            long span = lastStartNanos - firstStartNanos;
            return span <= 0 ? 0 : busyAtLastStart / span;
        }
    }

    /** Requests started from the first to the last one (the last one included). */
    int startsUntilLastStart() {
        synchronized (occupancy) {
            return startsAtLastStart;
        }
    }

    private static void send(HttpExchange exchange, int status, String json) throws IOException {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    int requests() {
        return requests.get();
    }

    int refused() {
        return refused.get();
    }

    /**
     * Where a request spends its time inside this endpoint, per request (means, ms): from the JDK server's hand-off of
     * the exchange to a pool thread to the handler's start ({@code hand_off_to_handler}: the wait for a thread plus the
     * request line and headers parsed on it), from there to the sleep's start ({@code handler_to_sleep}: the body
     * read), and the sleep ({@code slept}, requests answered 200).
     */
    Map<String, Object> serverPhases() {
        int n = Math.max(1, requests.get());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("requests", requests.get());
        out.put("hand_off_to_handler_mean_ms", Math.round(handOffToHandlerNanos.sum() / 1e6 / n * 100) / 100.0);
        out.put("handler_to_sleep_mean_ms", Math.round(handlerToSleepNanos.sum() / 1e6 / Math.max(1, n - refused.get()) * 100) / 100.0);
        out.put("answered", answered.get());
        out.put("slept_mean_ms", Math.round(sleptMillis.sum() * 100.0 / Math.max(1, answered.get())) / 100.0);
        return out;
    }

    int peakInFlight() {
        return peakInFlight.get();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
