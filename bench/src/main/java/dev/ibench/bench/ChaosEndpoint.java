package dev.ibench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import dev.ibench.core.json.Json;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * TEST TOOL, not a model: a fault-injecting OpenAI-compatible {@code /v1/completions} endpoint on 127.0.0.1 (and
 * {@code /v1/chat/completions}, the answer as the message's content) for the
 * chaos bench. It answers the synthetic superhero samples ({@code SyntheticEvalSet.writeExecutable}) after a random
 * latency with an answer that depends only on (persona, sample variant): the gold sequence, a wrong sequence or
 * unparseable text, so two runs of the same campaign must score every item the same way. When bursts are on, it
 * answers every request 429 (with {@code Retry-After: 1}) or 503 for 1-3 s every 5-15 s. A BFCL multi-turn TradingBot prompt
 * (the soak bench's) gets a step that depends only on the prompt ({@link #tradingBotStep}). It counts delivered answers,
 * answers whose client went away while they were worked on, and refusals.
 */
final class ChaosEndpoint implements AutoCloseable {
    private static final Pattern QUESTION = Pattern.compile("taller than (\\d+) cm is the heaviest\\? \\(variant (\\d+)\\)");

    private final String persona;
    private final int minLatencyMs;
    private final int maxLatencyMs;
    private final Random random;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "chaos-endpoint");
        t.setDaemon(true);
        return t;
    });
    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger aborted = new AtomicInteger();
    private final AtomicInteger tooManyRequests = new AtomicInteger();
    private final AtomicInteger unavailable = new AtomicInteger();
    private final AtomicInteger unknown = new AtomicInteger();
    private final AtomicInteger bursts = new AtomicInteger();
    private volatile int burstCode;
    private volatile long burstEndsAtMs;
    private volatile long nextBurstAtMs;
    private final boolean burstsOn;

    ChaosEndpoint(String persona, int minLatencyMs, int maxLatencyMs, boolean bursts, long seed) {
        this.persona = persona;
        this.minLatencyMs = minLatencyMs;
        this.maxLatencyMs = Math.max(minLatencyMs, maxLatencyMs);
        this.random = new Random(seed);
        this.burstsOn = bursts;
        this.nextBurstAtMs = System.currentTimeMillis() + 5_000 + this.random.nextInt(10_000);
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the chaos endpoint", e);
        }
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!"POST".equals(exchange.getRequestMethod()) || !exchange.getRequestURI().getPath().endsWith("/completions")) {
                unknown.incrementAndGet();
                send(exchange, 404, "{\"error\": \"not found\"}");
                return;
            }
            int burst = currentBurst();
            if (burst != 0) {
                (burst == 429 ? tooManyRequests : unavailable).incrementAndGet();
                if (burst == 429) {
                    exchange.getResponseHeaders().set("Retry-After", "1");
                }
                send(exchange, burst, "{\"error\": \"" + (burst == 429 ? "rate limited" : "overloaded") + "\"}");
                return;
            }
            try {
                Thread.sleep(latencyMs());
                String text = answer(body);
                String choice = exchange.getRequestURI().getPath().endsWith("/chat/completions")
                        ? "\"message\": {\"role\": \"assistant\", \"content\": " + quote(text) + "}"
                        : "\"text\": " + quote(text);
                String json = "{\"id\": \"chaos\", \"object\": \"text_completion\", \"choices\": [{\"index\": 0, " + choice
                        + ", \"finish_reason\": \"stop\"}], \"usage\": {\"prompt_tokens\": 100, \"completion_tokens\": 20}}";
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                send(exchange, 200, json);
                answered.incrementAndGet();
            } catch (IOException clientWentAway) {
                // the worker was SIGKILLed mid-request: the answer was worked on (a real model would have spent on it)
                // but not delivered
                aborted.incrementAndGet();
            }
        } catch (InterruptedException e) {
            aborted.incrementAndGet();
            Thread.currentThread().interrupt();
        } catch (IOException requestNotRead) {
            // the client went away before its request was read: nothing was worked on
        }
    }

    private synchronized int latencyMs() {
        return minLatencyMs + random.nextInt(maxLatencyMs - minLatencyMs + 1);
    }

    /** 0 outside a burst; 429 or 503 during one. Bursts start every 5-15 s and last 1-3 s. */
    private synchronized int currentBurst() {
        if (!burstsOn) {
            return 0;
        }
        long now = System.currentTimeMillis();
        if (now < burstEndsAtMs) {
            return burstCode;
        }
        if (now >= nextBurstAtMs) {
            burstCode = random.nextBoolean() ? 429 : 503;
            burstEndsAtMs = now + 1_000 + random.nextInt(2_000);
            nextBurstAtMs = burstEndsAtMs + 5_000 + random.nextInt(10_000);
            bursts.incrementAndGet();
            return burstCode;
        }
        return 0;
    }

    /** Deterministic in (persona, variant): 3 in 5 gold, 1 in 5 a wrong threshold, 1 in 5 no tool call at all. */
    String answer(String body) {
        Matcher m = QUESTION.matcher(body);
        if (!m.find()) {
            return body.contains("get_current_time") ? tradingBotStep(body) : "I cannot tell which question this is.";
        }
        int height = Integer.parseInt(m.group(1));
        int choice = Math.floorMod((persona + ":" + m.group(2)).hashCode(), 5);
        return switch (choice) {
            case 0, 1, 2 -> sequence(height);
            case 3 -> sequence(height + 40);
            default -> "I am not sure which tools to call for this question.";
        };
    }

    /**
     * A step of a BFCL multi-turn conversation on TradingBot (the soak bench's multi-turn cells), deterministic in the prompt
     * (which holds the conversation so far): one of two TradingBot calls, or a text answer that ends the turn.
     */
    static String tradingBotStep(String body) {
        String conversation; // the messages (or prompt) only: the request's other fields, e.g. a campaign's seed, do not count
        try {
            JsonNode request = Json.MAPPER.readTree(body);
            conversation = request.has("messages") ? request.get("messages").toString() : request.path("prompt").asText();
        } catch (IOException notJson) {
            conversation = body;
        }
        return switch (Math.floorMod(conversation.hashCode(), 3)) {
            case 0 -> "[get_current_time()]";
            case 1 -> "[get_symbol_by_name(name='Apple')]";
            default -> "That is all for this request.";
        };
    }

    private static String sequence(int minHeight) {
        return ("[{\"name\": \"filter_data\", \"arguments\": {\"data_source\": \"$starting_table_var$\", \"key_name\": \"superhero_height_cm\","
                + " \"value\": %d, \"condition\": \"greater_than\"}, \"label\": \"FILTERED_DF_0\"},"
                + " {\"name\": \"sort_data\", \"arguments\": {\"data_source\": \"$FILTERED_DF_0$\", \"key_name\": \"superhero_weight_kg\","
                + " \"ascending\": false}, \"label\": \"SORTED_DF\"},"
                + " {\"name\": \"retrieve_data\", \"arguments\": {\"data_source\": \"$SORTED_DF$\", \"key_name\": \"superhero_superhero_name\","
                + " \"distinct\": false, \"limit\": 1}, \"label\": \"SELECT_COL_0\"}]").formatted(minHeight);
    }

    private static void send(HttpExchange exchange, int code, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    int answered() {
        return answered.get();
    }

    /** Requests worked on (not refused by a burst) whose answer could not be delivered: the client was killed. */
    int aborted() {
        return aborted.get();
    }

    Map<String, Object> counts() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("answered_200", answered.get());
        c.put("aborted_by_client", aborted.get());
        c.put("sent_429", tooManyRequests.get());
        c.put("sent_503", unavailable.get());
        c.put("other_requests_404", unknown.get());
        c.put("bursts", bursts.get());
        c.put("latency_ms", minLatencyMs + "-" + maxLatencyMs);
        return c;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
