package dev.ibench.workers.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.PythonRepr;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/**
 * TEST DOUBLE, not a model: an OpenAI-compatible {@code /v1/chat/completions} endpoint on 127.0.0.1 that plays BFCL
 * web-search questions (prompting handler) deterministically. The question is the request's last user message of its
 * first turn, question {@code i} of the list it was started with (web_search_base and web_search_no_snippet ask the same
 * questions, so either category's entries serve both); the step is the tool results after it, plus one. Step 1 searches
 * ({@code search_engine_query} with {@code queries.apply(i)}), step 2 fetches {@code pages.apply(i)} in {@code truncate}
 * mode, step 3 answers: with the first possible answer in the answer format when {@code i % 3 == 0}, "I do not know" when
 * {@code i % 3 == 1}, upper-cased in a sentence when {@code i % 3 == 2}. Counts the requests per step.
 */
public final class FakeWebSearchEndpoint implements AutoCloseable {
    private final MockWebServer server = new MockWebServer();
    private final List<BfclMultiTurnEntry> questions;
    private final IntFunction<String> queries;
    private final IntFunction<String> pages;
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final AtomicInteger unknown = new AtomicInteger();

    private FakeWebSearchEndpoint(List<BfclMultiTurnEntry> questions, IntFunction<String> queries, IntFunction<String> pages) {
        this.questions = List.copyOf(questions);
        this.queries = queries;
        this.pages = pages;
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                try {
                    JsonNode body = Json.MAPPER.readTree(request.getBody().readUtf8());
                    StringBuilder rest = new StringBuilder();
                    for (JsonNode m : body.path("messages")) {
                        if (!"system".equals(m.path("role").asText())) {
                            rest.append(m.path("content").asText("")).append('\n');
                        }
                    }
                    String answer = answer(rest.toString());
                    if (answer == null) {
                        unknown.incrementAndGet();
                        return new MockResponse().setResponseCode(400).setBody("{\"error\": \"not a known web-search step\"}");
                    }
                    return FakeMultiTurnEndpoint.completion(answer, true);
                } catch (IOException e) {
                    unknown.incrementAndGet();
                    return new MockResponse().setResponseCode(400).setBody("{\"error\": \"unreadable request\"}");
                }
            }
        });
        try {
            server.start(java.net.InetAddress.getLoopbackAddress(), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the fake web-search endpoint", e);
        }
    }

    /** @param queries the keywords step 1 searches for question i; @param pages the URL step 2 fetches for question i */
    public static FakeWebSearchEndpoint start(List<BfclMultiTurnEntry> questions, IntFunction<String> queries, IntFunction<String> pages) {
        return new FakeWebSearchEndpoint(questions, queries, pages);
    }

    private String answer(String text) {
        int found = -1;
        for (int i = 0; i < questions.size(); i++) {
            if (text.contains(FakeMultiTurnEndpoint.userText(questions.get(i), 0))) {
                if (found >= 0) {
                    return null; // ambiguous
                }
                found = i;
            }
        }
        if (found < 0) {
            return null;
        }
        BfclMultiTurnEntry q = questions.get(found);
        int step = FakeMultiTurnEndpoint.stepOf(q, 0, text, FakeMultiTurnEndpoint.RESULTS).step();
        counts.computeIfAbsent(found + "/" + step, k -> new AtomicInteger()).incrementAndGet();
        if (step == 1) {
            return "[search_engine_query(keywords=" + PythonRepr.of(queries.apply(found)) + ")]";
        }
        if (step == 2) {
            return "[fetch_url_content(url=" + PythonRepr.of(pages.apply(found)) + ", mode='truncate')]";
        }
        return FakeMemoryEndpoint.scriptedAnswer(found, q.groundTruth().get(0).get(0), "from the pages I read");
    }

    public String baseUrl() {
        return server.url("/v1").toString();
    }

    /** Requests per {@code question index/step} so far. */
    public Map<String, Integer> counts() {
        Map<String, Integer> out = new java.util.TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    /** Requests that named no known question step (answered 400). */
    public int unknownRequests() {
        return unknown.get();
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
    }
}
