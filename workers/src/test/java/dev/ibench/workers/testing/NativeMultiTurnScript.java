package dev.ibench.workers.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.PythonCallStage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.IntFunction;
import okhttp3.mockwebserver.MockResponse;

/**
 * The function-calling side of {@link FakeMultiTurnEndpoint} (TEST DOUBLE): a step's scripted calls answered as OpenAI
 * {@code tool_calls} (ids {@code fake-<turn>-<step>-<n>}, so a request shows whether the stored ids came back; a positional
 * ground-truth argument is dropped, as bfcl-eval's decoding drops it), and a request checked against what was answered
 * before: the offered {@code tools} name the turn's functions, and every earlier step appears as the assistant message
 * with exactly the tool calls answered for it, followed by one {@code tool} message per call with its id.
 */
final class NativeMultiTurnScript {
    private static final PythonCallStage CALLS = new PythonCallStage();

    private NativeMultiTurnScript() {}

    /** What was wrong with a request (empty when nothing), and the contents of its {@code tool} messages in order. */
    record Check(List<String> problems, List<String> toolResults) {}

    /**
     * Checks a request for a step of {@code turn}: {@code userText} gives the user message that opens a turn,
     * {@code scripted} the calls a (turn, step) was answered with.
     */
    static Check check(JsonNode body, int turn, IntFunction<String> userText, BiFunction<Integer, Integer, List<String>> scripted) {
        List<String> problems = new ArrayList<>();
        List<String> results = new ArrayList<>();
        Set<String> offered = new HashSet<>();
        body.path("tools").forEach(t -> offered.add(t.path("function").path("name").asText()));
        for (String call : scripted.apply(turn, 1)) {
            String name = name(call).replace('.', '_');
            if (!offered.contains(name)) {
                problems.add("tools offered " + offered + " lack " + name);
            }
        }
        JsonNode messages = body.path("messages");
        int t = -1;
        int k = 0;
        for (int i = 0; i < messages.size(); i++) {
            JsonNode m = messages.get(i);
            String role = m.path("role").asText();
            if ("user".equals(role) && t + 1 <= turn && m.path("content").asText("").equals(userText.apply(t + 1))) {
                t++;
                k = 0;
            } else if ("assistant".equals(role)) {
                k++;
                List<String> expected = scripted.apply(t, k);
                JsonNode calls = m.path("tool_calls");
                if (calls.size() != expected.size()) {
                    problems.add("turn " + t + " step " + k + ": " + calls.size() + " tool calls sent back, " + expected.size() + " answered");
                    continue;
                }
                for (int n = 0; n < expected.size(); n++) {
                    JsonNode sent = calls.get(n);
                    String id = id(t, k, n + 1);
                    if (!id.equals(sent.path("id").asText()) || !name(expected.get(n)).equals(sent.path("function").path("name").asText())
                            || !arguments(expected.get(n)).equals(sent.path("function").path("arguments").asText())) {
                        problems.add("turn " + t + " step " + k + ": tool call " + sent + " is not the one answered");
                    }
                    JsonNode result = messages.get(i + 1 + n);
                    if (result == null || !"tool".equals(result.path("role").asText()) || !id.equals(result.path("tool_call_id").asText())) {
                        problems.add("turn " + t + " step " + k + ": no tool message for call " + id);
                    } else {
                        results.add(result.path("content").asText());
                    }
                }
                i += expected.size();
            } else if ("tool".equals(role)) {
                problems.add("a tool message not after its call: " + m);
            }
        }
        if (t != turn) {
            problems.add("the request holds turns up to " + t + ", asked for turn " + turn);
        }
        return new Check(problems, results);
    }

    /** A chat completion answering {@code calls} as {@code tool_calls} of step {@code step} of {@code turn}, or {@code done} as text when none. */
    static MockResponse completion(List<String> calls, int turn, int step, String done) {
        ObjectNode body = Json.MAPPER.createObjectNode().put("id", "fake-multi-turn").put("object", "chat.completion");
        ObjectNode choice = body.putArray("choices").addObject().put("index", 0);
        ObjectNode message = choice.putObject("message").put("role", "assistant");
        if (calls.isEmpty()) {
            message.put("content", done);
        } else {
            message.putNull("content");
            ArrayNode toolCalls = message.putArray("tool_calls");
            for (int n = 0; n < calls.size(); n++) {
                toolCalls.addObject().put("id", id(turn, step, n + 1)).put("type", "function").putObject("function")
                        .put("name", name(calls.get(n))).put("arguments", arguments(calls.get(n)));
            }
        }
        choice.put("finish_reason", calls.isEmpty() ? "stop" : "tool_calls");
        body.putObject("usage").put("prompt_tokens", 1000).put("completion_tokens", 20);
        return new MockResponse().setHeader("Content-Type", "application/json").setBody(body.toString());
    }

    private static String id(int turn, int step, int n) {
        return "fake-" + turn + "-" + step + "-" + n;
    }

    private static String name(String call) {
        return String.valueOf(parsed(call).get("name"));
    }

    /** The call's keyword arguments as JSON text (a positional argument, {@code arg_<n>}, dropped). */
    private static String arguments(String call) {
        Map<String, Object> keywords = new LinkedHashMap<>();
        ((Map<?, ?>) parsed(call).get("arguments")).forEach((k, v) -> {
            if (!String.valueOf(k).matches("arg_\\d+")) {
                keywords.put(String.valueOf(k), v);
            }
        });
        try {
            return Json.MAPPER.writeValueAsString(keywords);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<?, ?> parsed(String call) {
        Object list = CALLS.extract("[" + call + "]").orElseThrow(() -> new IllegalArgumentException("not a Python call: " + call));
        return (Map<?, ?>) ((List<?>) list).get(0);
    }
}
