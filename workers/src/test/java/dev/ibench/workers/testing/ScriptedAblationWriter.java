package dev.ibench.workers.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/**
 * TEST DOUBLE, not a model: an OpenAI-compatible {@code /v1/chat/completions} endpoint on 127.0.0.1 that writes the
 * material of the seed-004 ablations with scripted, known answers.
 * <ul>
 *   <li>Paraphrase prompts (seed 004 appendix 7.1): for a question whose text hash is even, a faithful rewrite
 *   {@link #rewriteOf}; for the others an unrelated question ({@link #DRIFT}), which the meaning check must reject.</li>
 *   <li>Toolkit-expansion prompts: for the gold tool in the prompt, two tools: {@code <gold>_with_limit} (the gold tool's
 *   description and parameters plus a row limit: close to the gold tool) and {@code book_hotel_room} (unrelated).</li>
 * </ul>
 * Counts the requests of each kind.
 */
public final class ScriptedAblationWriter implements AutoCloseable {
    public static final String DRIFT = "Which painter made the Mona Lisa and in which year?";
    public static final String UNRELATED_TOOL = "book_hotel_room";
    public static final String CLOSE_TOOL_SUFFIX = "_with_limit";

    private final MockWebServer server = new MockWebServer();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();

    private ScriptedAblationWriter() {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                try {
                    return answer(Json.MAPPER.readTree(request.getBody().readUtf8()));
                } catch (IOException | RuntimeException e) {
                    return new MockResponse().setResponseCode(400).setBody("{\"error\": \"" + e.getClass().getSimpleName() + "\"}");
                }
            }
        });
        try {
            server.start(InetAddress.getLoopbackAddress(), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the scripted ablation writer", e);
        }
    }

    public static ScriptedAblationWriter start() {
        return new ScriptedAblationWriter();
    }

    /** The faithful rewrite this writer gives for a question (when it gives one). */
    public static String rewriteOf(String question) {
        String q = question.strip();
        return "Could you tell me this: " + (q.endsWith("?") ? q.substring(0, q.length() - 1) : q) + "?";
    }

    /** Whether this writer answers {@code question} with a faithful rewrite (else with {@link #DRIFT}). */
    public static boolean rewritesFaithfully(String question) {
        return Math.floorMod(question.strip().hashCode(), 2) == 0;
    }

    private MockResponse answer(JsonNode body) throws IOException {
        JsonNode messages = body.path("messages");
        String system = messages.path(0).path("content").asText();
        String user = messages.path(messages.size() - 1).path("content").asText();
        String text;
        if (system.startsWith("You are a helpful assistant helping rephrasing")) {
            count("paraphrase");
            text = rewritesFaithfully(user) ? rewriteOf(user) : DRIFT;
        } else if (system.startsWith("You are a helpful assistant introduced with the following user query")) {
            count("toolkit_expansion");
            text = Json.MAPPER.writeValueAsString(tools(goldTool(user)));
        } else {
            count("other");
            text = "unexpected prompt";
        }
        ObjectNode response = Json.MAPPER.createObjectNode();
        response.put("id", "scripted").put("object", "chat.completion").put("model", body.path("model").asText());
        ObjectNode choice = response.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", text);
        response.putObject("usage").put("prompt_tokens", 50).put("completion_tokens", 30).put("total_tokens", 80);
        return new MockResponse().setHeader("Content-Type", "application/json").setBody(Json.MAPPER.writeValueAsString(response));
    }

    private static JsonNode goldTool(String user) throws IOException {
        int start = user.indexOf("Original function:\n") + "Original function:\n".length();
        int end = user.lastIndexOf("\nWrite ");
        return Json.MAPPER.readTree(user.substring(start, end));
    }

    private static ArrayNode tools(JsonNode gold) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        ObjectNode close = out.addObject();
        close.put("request", "the same need, with at most a number of rows");
        ObjectNode closeTool = close.putObject("tool");
        closeTool.put("name", gold.path("name").asText() + CLOSE_TOOL_SUFFIX);
        closeTool.put("description", gold.path("description").asText() + " At most max_rows rows are returned.");
        ObjectNode parameters = closeTool.putObject("parameters");
        parameters.put("type", "object");
        ObjectNode properties = parameters.putObject("properties");
        JsonNode args = gold.has("parameters") ? gold.path("parameters").path("properties") : gold.path("arguments");
        args.fields().forEachRemaining(e -> properties.putObject(e.getKey())
                .put("type", "string").put("description", e.getValue().path("description").asText()));
        properties.putObject("max_rows").put("type", "integer").put("description", "the largest number of rows to return");
        ObjectNode unrelated = out.addObject();
        unrelated.put("request", "Book a room at the Hilton in Chicago for two nights");
        unrelated.putObject("tool").put("name", UNRELATED_TOOL).put("description", "Books a hotel room in a city for a number of nights")
                .set("parameters", Json.MAPPER.valueToTree(Map.of("type", "object", "properties", Map.of(
                        "city", Map.of("type", "string", "description", "the city of the hotel"),
                        "nights", Map.of("type", "integer", "description", "how many nights to stay")), "required", List.of("city", "nights"))));
        return out;
    }

    private void count(String kind) {
        requests.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
    }

    public int requests(String kind) {
        AtomicInteger n = requests.get(kind);
        return n == null ? 0 : n.get();
    }

    /** Base URL including the version path, as profiles expect it. */
    public String baseUrl() {
        return server.url("/v1").toString();
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
    }
}
