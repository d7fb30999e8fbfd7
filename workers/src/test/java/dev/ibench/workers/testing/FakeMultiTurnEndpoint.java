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
import java.util.concurrent.CopyOnWriteArrayList;
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
 * <p>A request with native {@code tools} (a {@code mode: tools} profile, bfcl-eval's function-calling handler) is a
 * function-calling conversation ({@link NativeMultiTurnScript}): step 1 of a turn is answered with the ground truth as
 * OpenAI {@code tool_calls}, its step counted from the assistant messages after the turn's user message, and every
 * request is checked to carry the offered tools and, for each earlier step, the assistant's tool calls as answered and one
 * {@code tool} message per call ({@link #malformedRequests()}).
 */
public final class FakeMultiTurnEndpoint implements AutoCloseable {
    /** What a later step answers: no call, so the turn ends. */
    public static final String DONE = "I have completed your request.";
    /** How the OpenAI-compatible prompting handler's execution results message starts (one per executed step). */
    private static final String RESULTS = "[{'role': 'tool'";
    /** Where an assistant message starts in a chat request's joined text: a native step's marker (it may have no content). */
    private static final String ASSISTANT = "\u0000assistant\u0000";

    private final MockWebServer server = new MockWebServer();
    private final List<BfclMultiTurnEntry> entries;
    private final Map<String, Integer> silentTurns;
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final AtomicInteger unknown = new AtomicInteger();
    private final List<String> malformed = new CopyOnWriteArrayList<>();
    private final Map<String, List<String>> toolResultsSeen = new ConcurrentHashMap<>();

    private FakeMultiTurnEndpoint(List<BfclMultiTurnEntry> entries, Map<String, Integer> silentTurns, Duration delay) {
        this.entries = List.copyOf(entries);
        this.silentTurns = Map.copyOf(silentTurns);
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String text = null;
                boolean chat = false;
                JsonNode body = null;
                try {
                    body = Json.MAPPER.readTree(request.getBody().readUtf8());
                    if (body.path("messages").isArray()) {
                        chat = true;
                        StringBuilder joined = new StringBuilder();
                        body.path("messages").forEach(m -> joined.append("assistant".equals(m.path("role").asText()) ? ASSISTANT + "\n" : "")
                                .append(m.path("content").asText("")).append('\n'));
                        text = joined.toString();
                    } else {
                        text = body.path("prompt").asText(null);
                    }
                } catch (IOException e) {
                    text = null;
                }
                boolean nativeCalls = chat && !body.path("tools").isEmpty();
                Step step = text == null ? null : locate(text, nativeCalls ? ASSISTANT : RESULTS);
                if (step == null) {
                    unknown.incrementAndGet();
                    return new MockResponse().setResponseCode(400).setBody("{\"error\": \"not a known multi-turn step\"}");
                }
                counts.computeIfAbsent(step.key(), k -> new AtomicInteger()).incrementAndGet();
                if (nativeCalls) {
                    BfclMultiTurnEntry e = entry(step.entry());
                    NativeMultiTurnScript.Check check = NativeMultiTurnScript.check(body, step.turn(), t -> userText(e, t), (t, k) -> calls(e, t, k));
                    check.problems().forEach(p -> malformed.add(step.key() + ": " + p));
                    toolResultsSeen.put(step.key(), check.toolResults());
                    return NativeMultiTurnScript.completion(calls(e, step.turn(), step.step()), step.turn(), step.step(), DONE)
                            .setBodyDelay(delay.toMillis(), TimeUnit.MILLISECONDS);
                }
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

    /** The step {@code prompt} asks for, counting the earlier steps of its turn by {@code stepMarker} after the turn's user message. */
    Step locate(String prompt, String stepMarker) {
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
        for (int at = prompt.indexOf(stepMarker, turnAt); at >= 0; at = prompt.indexOf(stepMarker, at + 1)) {
            results++;
        }
        return new Step(found.id(), turn, results + 1);
    }

    private static String userText(BfclMultiTurnEntry e, int turn) {
        return e.turns().get(turn).stream().filter(m -> "user".equals(m.get("role"))).map(m -> String.valueOf(m.get("content")))
                .reduce((a, b) -> b).orElseThrow(() -> new IllegalArgumentException(e.id() + " turn " + turn + " has no user message"));
    }

    private BfclMultiTurnEntry entry(String id) {
        return entries.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
    }

    /** The ground-truth calls step {@code step} of {@code turn} answers: the turn's at step 1 (none on a silent turn), else none. */
    private List<String> calls(BfclMultiTurnEntry e, int turn, int step) {
        return answersNoCall(e, turn, step) ? List.of() : e.groundTruth().get(turn);
    }

    private boolean answersNoCall(BfclMultiTurnEntry e, int turn, int step) {
        return step > 1 || Integer.valueOf(turn).equals(silentTurns.get(e.id()));
    }

    private String answer(Step step) {
        BfclMultiTurnEntry e = entry(step.entry());
        return answersNoCall(e, step.turn(), step.step()) ? DONE : "[" + String.join(", ", e.groundTruth().get(step.turn())) + "]";
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

    /**
     * Function-calling requests that lacked the offered tools, or whose earlier steps were not the assistant's tool calls
     * as this endpoint answered them each followed by one {@code tool} message per call (step key, then what was wrong).
     */
    public List<String> malformedRequests() {
        return List.copyOf(malformed);
    }

    /** Per step key, the contents of the {@code tool} messages its last function-calling request carried, in order. */
    public Map<String, List<String>> toolResultsSeen() {
        return new java.util.TreeMap<>(toolResultsSeen);
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
