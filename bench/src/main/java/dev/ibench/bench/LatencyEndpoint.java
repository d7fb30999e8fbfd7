package dev.ibench.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * TEST DOUBLE for the throughput bench, not a model: an OpenAI-compatible {@code /v1/completions} endpoint on
 * 127.0.0.1 that answers every request after a latency drawn from a {@link LatencyDistribution} (fixed or lognormal) with a tool-call list chosen from the prompt, and allows at
 * most {@code maxConcurrent} requests at once (one more is answered 429 at once, as a saturated server would). A request
 * whose client closes its connection before the answer (its read timeout) stops counting at once, as vLLM and llama.cpp's
 * server abort it ({@link BlockingHttpServer}). Counts requests, 429s, requests given up by their client and the most
 * requests it ever had in flight.
 */
final class LatencyEndpoint implements AutoCloseable {
    private static final String[] ANSWERS = {
        "[{\"name\": \"filter_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"key_name\": \"superhero_superhero_name\","
                + " \"value\": \"Batman\", \"condition\": \"equal_to\"}, \"label\": \"FILTERED_DF_0\"}]",
        "[{\"name\": \"retrieve_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"key_name\": \"superhero_full_name\","
                + " \"distinct\": false, \"limit\": -1}, \"label\": \"SELECT_COL_0\"}]",
    };

    private final BlockingHttpServer server;
    private final LatencyDistribution latency;
    private final int maxConcurrent;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    /** Requests whose client closed its connection before the answer (read timeout): not answered, not counted in flight. */
    private final AtomicInteger abandoned = new AtomicInteger();
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
    /**
     * The same until the first request of the last item to be sent at all (a request whose body this endpoint had not
     * seen): after it no item is left to send, and a slot that ends its call stays free. The retries of items that
     * failed in a window batch (its tail calls past the client's read timeout) go after the batch's end, so the last
     * start would count the batch's drain as well.
     */
    private final java.util.Set<Long> bodiesSeen = new java.util.HashSet<>();
    private long lastNewBodyNanos;
    private double busyAtLastNewBody;
    private int startsAtLastNewBody;

    LatencyEndpoint(LatencyDistribution latency, int maxConcurrent) throws IOException {
        this.latency = latency;
        this.maxConcurrent = maxConcurrent;
        // issue 33: a blocking server that learns when a client gives up, instead of the JDK HttpServer, which kept
        // sleeping a request whose client had hit its read timeout and counted it in flight: with the client's next
        // request that made 257, a 429, and the gateway's AIMD limit halved for the rest of the run
        server = new BlockingHttpServer(1024, this::answer);
    }

    private void answer(BlockingHttpServer.Exchange exchange) throws IOException {
        if (!exchange.path().equals("/v1/completions")) {
            exchange.send(404, "{\"error\": \"only /v1/completions here\"}");
            return;
        }
        requests.incrementAndGet();
        byte[] body = exchange.body();
        int now = inFlight.incrementAndGet();
        occupancyChange(+1, fnv1a64(body));
        boolean counted = true;
        try {
            peakInFlight.accumulateAndGet(now, Math::max);
            if (now > maxConcurrent) {
                refused.incrementAndGet();
                exchange.send(429, "{\"error\": \"too many concurrent requests\"}");
                return;
            }
            long sleep = latency.nextMillis();
            if (!exchange.awaitOrClientGone(sleep)) {
                abandoned.incrementAndGet(); // the client gave up (its read timeout): a model server stops such a request
                return;
            }
            sleptMillis.add(sleep);
            answered.incrementAndGet();
            // the request's slot is free once its answer is ready, as in a real server: the client may send its next
            // request as soon as it has read this answer, before this thread is done writing it
            inFlight.decrementAndGet();
            occupancyChange(-1);
            counted = false;
            String text = ANSWERS[Math.floorMod(new String(body, StandardCharsets.UTF_8).hashCode(), ANSWERS.length)];
            exchange.send(200, "{\"id\": \"fake\", \"object\": \"text_completion\", \"choices\": [{\"index\": 0, \"text\": "
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
        occupancyChange(delta, 0);
    }

    /** A 64-bit FNV-1a hash of a request body (20,000 items: a collision is about one in 10^10). */
    private static long fnv1a64(byte[] bytes) {
        long h = 0xcbf29ce484222325L;
        for (byte b : bytes) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    private void occupancyChange(int delta, long bodyHash) {
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
                if (bodiesSeen.add(bodyHash)) {
                    lastNewBodyNanos = now;
                    busyAtLastNewBody = busyNanos;
                    startsAtLastNewBody = startsAtLastStart;
                }
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

    /** Seconds from the first request to the first request of the last item sent (0 before two requests). */
    double secondsUntilLastNewItem() {
        synchronized (occupancy) {
            return firstStartNanos < 0 ? 0 : (lastNewBodyNanos - firstStartNanos) / 1e9;
        }
    }

    /** Requests in flight on average from the first request to the first request of the last item sent. */
    double meanInFlightUntilLastNewItem() {
        synchronized (occupancy) {
            long span = lastNewBodyNanos - firstStartNanos;
            return span <= 0 ? 0 : busyAtLastNewBody / span;
        }
    }

    /** Requests started from the first to the first request of the last item sent (included), retries included. */
    int startsUntilLastNewItem() {
        synchronized (occupancy) {
            return startsAtLastNewBody;
        }
    }

    /** Distinct request bodies seen (items sent at least once; a retry sends its item's body again). */
    int distinctBodies() {
        synchronized (occupancy) {
            return bodiesSeen.size();
        }
    }

    /** Requests started from the first to the last one (the last one included). */
    int startsUntilLastStart() {
        synchronized (occupancy) {
            return startsAtLastStart;
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.port() + "/v1";
    }

    int requests() {
        return requests.get();
    }

    int refused() {
        return refused.get();
    }

    /** Requests answered 200 after their latency, those whose client gave up first, and the mean latency slept for the answered. */
    Map<String, Object> serverPhases() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("requests", requests.get());
        out.put("answered", answered.get());
        out.put("abandoned_by_client", abandoned.get());
        out.put("slept_mean_ms", Math.round(sleptMillis.sum() * 100.0 / Math.max(1, answered.get())) / 100.0);
        return out;
    }

    int abandoned() {
        return abandoned.get();
    }

    int peakInFlight() {
        return peakInFlight.get();
    }

    @Override
    public void close() {
        server.close();
    }
}
