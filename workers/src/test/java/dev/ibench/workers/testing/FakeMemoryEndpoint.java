package dev.ibench.workers.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.multiturn.OracleMemoryModel;
import dev.ibench.core.bfcl.BfclMemoryEvalSet;
import dev.ibench.core.bfcl.BfclMemoryQuestion;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.PythonRepr;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/**
 * TEST DOUBLE, not a model: an OpenAI-compatible {@code /v1/chat/completions} endpoint on 127.0.0.1 that plays BFCL memory
 * conversations (prompting handler) deterministically. From a request's messages it reads the backend (the system prompt
 * offers {@code memory_append}: rec_sum, else kv), which conversation (its first non-system message is the conversation's
 * first user message), which turn (the last turn whose user message they contain) and which step of it (the execution
 * results after that turn's user message, plus one). A prerequisite conversation's step 1 files the turn's message in the
 * memory ({@link OracleMemoryModel#fileInMemory}), any later step answers "Noted." (no call). Question {@code i} of its
 * set looks its memory up at step 1 (kv: {@code archival_memory_key_search} of the question; rec_sum:
 * {@code memory_retrieve}) and answers at step 2: with its first possible answer in the answer format when
 * {@code i % 3 == 0}, "I do not know" when {@code i % 3 == 1}, upper-cased in a sentence when {@code i % 3 == 2}. Counts the
 * requests per step ({@code backend/conversation id/turn/step}).
 */
public final class FakeMemoryEndpoint implements AutoCloseable {
    private record Conversation(String backend, BfclMultiTurnEntry entry, int question, List<String> answers) {}

    private final MockWebServer server = new MockWebServer();
    private final List<Conversation> conversations = new ArrayList<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final AtomicInteger unknown = new AtomicInteger();

    private FakeMemoryEndpoint(List<BfclMemoryEvalSet> sets, Duration delay) {
        for (BfclMemoryEvalSet set : sets) {
            set.scenarios().forEach((scenario, prerequisites) -> prerequisites.forEach(p ->
                    conversations.add(new Conversation(set.backend(), set.prerequisiteEntry(scenario, p, null), -1, List.of()))));
            for (int i = 0; i < set.questions().size(); i++) {
                BfclMemoryQuestion q = set.questions().get(i);
                conversations.add(new Conversation(set.backend(), set.questionEntry(q, null), i, q.groundTruth()));
            }
        }
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                try {
                    JsonNode body = Json.MAPPER.readTree(request.getBody().readUtf8());
                    StringBuilder system = new StringBuilder();
                    StringBuilder rest = new StringBuilder();
                    String first = null;
                    for (JsonNode m : body.path("messages")) {
                        boolean isSystem = "system".equals(m.path("role").asText());
                        (isSystem ? system : rest).append(m.path("content").asText("")).append('\n');
                        if (!isSystem && first == null) {
                            first = m.path("content").asText("");
                        }
                    }
                    String backend = system.indexOf("memory_append") >= 0 ? "MemoryAPI_rec_sum" : "MemoryAPI_kv";
                    String answer = answer(backend, first, rest.toString());
                    if (answer == null) {
                        unknown.incrementAndGet();
                        return new MockResponse().setResponseCode(400).setBody("{\"error\": \"not a known memory conversation step\"}");
                    }
                    return FakeMultiTurnEndpoint.completion(answer, true).setBodyDelay(delay.toMillis(), TimeUnit.MILLISECONDS);
                } catch (IOException e) {
                    unknown.incrementAndGet();
                    return new MockResponse().setResponseCode(400).setBody("{\"error\": \"unreadable request\"}");
                }
            }
        });
        try {
            server.start(java.net.InetAddress.getLoopbackAddress(), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the fake memory endpoint", e);
        }
    }

    public static FakeMemoryEndpoint start(List<BfclMemoryEvalSet> sets, Duration delay) {
        return new FakeMemoryEndpoint(sets, delay);
    }

    /** The answer to the step whose first non-system message is {@code first} and whose non-system messages are {@code text}. */
    private String answer(String backend, String first, String text) {
        Conversation found = null;
        for (Conversation c : conversations) {
            if (c.backend().equals(backend) && FakeMultiTurnEndpoint.userText(c.entry(), 0).equals(first)) {
                if (found != null) {
                    return null; // ambiguous
                }
                found = c;
            }
        }
        if (found == null) {
            return null;
        }
        FakeMultiTurnEndpoint.Step located = FakeMultiTurnEndpoint.stepOf(found.entry(), 0, text, FakeMultiTurnEndpoint.RESULTS);
        int turn = located.turn();
        int step = located.step();
        counts.computeIfAbsent(backend + "/" + found.entry().id() + "/" + turn + "/" + step, k -> new AtomicInteger()).incrementAndGet();
        if (found.question() < 0) {
            return step == 1 ? OracleMemoryModel.fileInMemory(found.entry(), turn) : "Noted.";
        }
        if (step == 1) {
            return backend.endsWith("_kv") ? "[archival_memory_key_search(query=" + PythonRepr.of(FakeMultiTurnEndpoint.userText(found.entry(), 0)) + ")]"
                    : "[memory_retrieve()]";
        }
        return scriptedAnswer(found.question(), found.answers().get(0), "from my notes");
    }

    /**
     * The final answer of question {@code question}: {@code truth} in the answer format (with {@code context}) when
     * {@code question % 3 == 0}, "I do not know" when 1, upper-cased in a sentence when 2.
     */
    static String scriptedAnswer(int question, String truth, String context) {
        return switch (question % 3) {
            case 0 -> "{'answer': " + PythonRepr.of(truth) + ", 'context': " + PythonRepr.of(context) + "}";
            case 1 -> "{'answer': 'I do not know', 'context': 'I do not know'}";
            default -> "It is " + truth.toUpperCase(Locale.ROOT) + ".";
        };
    }

    /** Base URL including the version path, as profiles expect it. */
    public String baseUrl() {
        return server.url("/v1").toString();
    }

    /** Requests per step key ({@code backend/conversation id/turn/step}) so far. */
    public Map<String, Integer> counts() {
        Map<String, Integer> out = new java.util.TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    /** Requests that named no known conversation step (answered 400). */
    public int unknownRequests() {
        return unknown.get();
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
    }
}
