package dev.ibench.workers.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/**
 * TEST DOUBLE, not a model: an OpenAI-compatible {@code /v1/chat/completions} (and {@code /v1/completions}) endpoint on 127.0.0.1 that plays a BFCL
 * multi-turn conversation deterministically. From a step's messages (or raw prompt) it reads which entry (the first turn's user
 * message it contains), which turn (the last turn whose user message it contains) and which step of that turn (the
 * execution-result messages after that turn's user message, plus one) is asked, and answers step 1 of a turn with the
 * turn's ground-truth calls as a Python call list, every later step with a text that holds no call (ending the turn).
 * Entries named in {@code silentTurns} answer the named turn with no call at all (a wrong answer, so verdicts differ).
 * It counts the requests per (entry, turn, step).
 */
public final class FakeMultiTurnEndpoint implements AutoCloseable {
    /** What a later step answers: no call, so the turn ends. */
    public static final String DONE = "I have completed your request.";
    /** How the OpenAI-compatible prompting handler's execution results message starts (one per executed step). */
    private static final String RESULTS = "[{'role': 'tool'";

    private final MockWebServer server = new MockWebServer();
    private final List<BfclMultiTurnEntry> entries;
    private final Map<String, Integer> silentTurns;
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final AtomicInteger unknown = new AtomicInteger();

    private FakeMultiTurnEndpoint(List<BfclMultiTurnEntry> entries, Map<String, Integer> silentTurns, Duration delay) {
        this.entries = List.copyOf(entries);
        this.silentTurns = Map.copyOf(silentTurns);
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String text = null;
                boolean chat = false;
                try {
                    JsonNode body = Json.MAPPER.readTree(request.getBody().readUtf8());
                    if (body.path("messages").isArray()) {
                        chat = true;
                        StringBuilder joined = new StringBuilder();
                        body.path("messages").forEach(m -> joined.append(m.path("content").asText("")).append('\n'));
                        text = joined.toString();
                    } else {
                        text = body.path("prompt").asText(null);
                    }
                } catch (IOException e) {
                    text = null;
                }
                Step step = text == null ? null : locate(text);
                if (step == null) {
                    unknown.incrementAndGet();
                    return new MockResponse().setResponseCode(400).setBody("{\"error\": \"not a known multi-turn step\"}");
                }
                counts.computeIfAbsent(step.key(), k -> new AtomicInteger()).incrementAndGet();
                return completion(answer(step), chat).setBodyDelay(delay.toMillis(), TimeUnit.MILLISECONDS);
            }
        });
        try {
            server.start(java.net.InetAddress.getLoopbackAddress(), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the fake multi-turn endpoint", e);
        }
    }

    public static FakeMultiTurnEndpoint start(List<BfclMultiTurnEntry> entries, Map<String, Integer> silentTurns, Duration delay) {
        return new FakeMultiTurnEndpoint(entries, silentTurns, delay);
    }

    /** One model step of a conversation: entry id, turn (from 0), step of the turn (from 1). */
    public record Step(String entry, int turn, int step) {
        public String key() {
            return entry + "/" + turn + "/" + step;
        }
    }

    Step locate(String prompt) {
        BfclMultiTurnEntry found = null;
        int foundAt = -1;
        for (BfclMultiTurnEntry e : entries) {
            int at = prompt.indexOf(userText(e, 0));
            if (at >= 0) {
                if (found != null) {
                    return null; // ambiguous
                }
                found = e;
                foundAt = at;
            }
        }
        if (found == null) {
            return null;
        }
        int turn = 0;
        int turnAt = foundAt;
        for (int t = 1; t < found.turns().size(); t++) {
            int at = prompt.indexOf(userText(found, t), turnAt);
            if (at < 0) {
                break;
            }
            turn = t;
            turnAt = at;
        }
        int results = 0;
        for (int at = prompt.indexOf(RESULTS, turnAt); at >= 0; at = prompt.indexOf(RESULTS, at + 1)) {
            results++;
        }
        return new Step(found.id(), turn, results + 1);
    }

    private static String userText(BfclMultiTurnEntry e, int turn) {
        return e.turns().get(turn).stream().filter(m -> "user".equals(m.get("role"))).map(m -> String.valueOf(m.get("content")))
                .reduce((a, b) -> b).orElseThrow(() -> new IllegalArgumentException(e.id() + " turn " + turn + " has no user message"));
    }

    private String answer(Step step) {
        BfclMultiTurnEntry e = entries.stream().filter(x -> x.id().equals(step.entry())).findFirst().orElseThrow();
        if (step.step() > 1 || Integer.valueOf(step.turn()).equals(silentTurns.get(e.id()))) {
            return DONE;
        }
        return "[" + String.join(", ", e.groundTruth().get(step.turn())) + "]";
    }

    private static MockResponse completion(String text, boolean chat) {
        String choice = chat ? "\"message\": {\"role\": \"assistant\", \"content\": " + Json.MAPPER.valueToTree(text) + "}"
                : "\"text\": " + Json.MAPPER.valueToTree(text);
        String json = "{\"id\": \"fake-multi-turn\", \"object\": \"" + (chat ? "chat.completion" : "text_completion")
                + "\", \"choices\": [{\"index\": 0, " + choice
                + ", \"finish_reason\": \"stop\"}], \"usage\": {\"prompt_tokens\": 1000, \"completion_tokens\": 20}}";
        return new MockResponse().setHeader("Content-Type", "application/json").setBody(json);
    }

    /** Base URL including the version path, as profiles expect it. */
    public String baseUrl() {
        return server.url("/v1").toString();
    }

    /** Requests per step key ({@link Step#key()}) so far. */
    public Map<String, Integer> counts() {
        Map<String, Integer> out = new java.util.TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    /** Requests whose prompt named no known entry step (answered 400). */
    public int unknownRequests() {
        return unknown.get();
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
    }
}
