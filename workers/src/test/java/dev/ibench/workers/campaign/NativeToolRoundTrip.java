package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.workers.testing.RecordingLoopbackProxy.Exchange;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One native tool-calling conversation as a real server received and answered it (recorded by the proxy), checked
 * against what the store holds (issue 42 Must show 2): each answer holds a call, each step is stored as the server's
 * answer, and each request carries every earlier step's calls and one {@code tool} message per call with the stored
 * result of its execution, in order.
 */
final class NativeToolRoundTrip {
    private NativeToolRoundTrip() {}

    /**
     * {@code requests} are one conversation's requests in order, {@code stored} its stored steps' raw outputs and
     * {@code results} the stored results of each step's execution (one per call, as sent back; empty for a step whose
     * calls did not run, which only the last may be). Returns the number of tool messages the last request carried.
     */
    static int assertConversation(String what, List<Exchange> requests, List<String> stored, List<List<String>> results) {
        assertThat(stored).as("%s: every request is a stored step", what).hasSize(requests.size());
        assertThat(results).as("%s: the steps' stored results", what).hasSize(requests.size());
        List<String> earlierCalls = new ArrayList<>();
        List<String> earlierResults = new ArrayList<>();
        int toolMessages = 0;
        for (int j = 0; j < requests.size(); j++) {
            List<String> sentCalls = new ArrayList<>();
            List<String> sentResults = new ArrayList<>();
            for (JsonNode m : readTree(requests.get(j).requestBody()).path("messages")) {
                if ("assistant".equals(m.path("role").asText())) {
                    sentCalls.addAll(namesAndIds(m.path("tool_calls"), true));
                }
                if ("tool".equals(m.path("role").asText())) {
                    sentResults.add(m.path("tool_call_id").asText() + " -> " + m.path("content").asText());
                }
            }
            assertThat(sentCalls).as("%s request %d carries every earlier step's calls", what, j + 1).isEqualTo(earlierCalls);
            assertThat(sentResults).as("%s request %d carries every earlier call's stored result as a tool message", what, j + 1)
                    .isEqualTo(earlierResults);
            toolMessages = sentResults.size();

            JsonNode answer = readTree(requests.get(j).responseBody()).path("choices").path(0).path("message");
            JsonNode calls = answer.path("tool_calls");
            assertThat(calls.size()).as("%s step %d: the server's grammar made the answer a tool call: %s", what, j + 1, answer)
                    .isPositive();
            JsonNode storedTurn = readTree(stored.get(j)).path("native_turn");
            assertThat(namesAndIds(storedTurn.path("tool_calls"), false)).as("%s step %d is stored as the server's calls", what, j + 1)
                    .isEqualTo(namesAndIds(calls, true));
            for (int i = 0; i < calls.size(); i++) {
                assertThat(arguments(storedTurn.path("tool_calls").path(i).path("arguments")))
                        .as("%s step %d call %d: stored arguments are the server's, as sent", what, j + 1, i + 1)
                        .isEqualTo(arguments(calls.path(i).path("function").path("arguments")));
            }
            List<String> ran = results.get(j);
            if (j < requests.size() - 1 || !ran.isEmpty()) {
                assertThat(ran).as("%s step %d: every call ran and its result is stored", what, j + 1).hasSize(calls.size());
            }
            earlierCalls.addAll(namesAndIds(calls, true));
            for (int i = 0; i < ran.size(); i++) {
                earlierResults.add(calls.path(i).path("id").asText() + " -> " + ran.get(i));
            }
        }
        return toolMessages;
    }

    /**
     * Each step's stored prompt is the conversation the server received for that step: the same messages in order, each
     * with its role, the assistant's calls (names and ids) and the tool messages' ids and results.
     */
    static void assertStoredPromptsAreTheRequests(String what, List<Exchange> requests, List<String> storedPrompts) {
        assertThat(storedPrompts).as("%s: a stored prompt per request", what).hasSize(requests.size());
        for (int j = 0; j < requests.size(); j++) {
            assertThat(conversation(readTree(storedPrompts.get(j)).path("messages"), false))
                    .as("%s step %d: the stored prompt is the request's conversation", what, j + 1)
                    .isEqualTo(conversation(readTree(requests.get(j).requestBody()).path("messages"), true));
        }
    }

    /** Messages as {@code role: content | calls | tool_call_id} lines, the assistant's content left out (empty or null alike). */
    private static List<String> conversation(JsonNode messages, boolean openAi) {
        List<String> out = new ArrayList<>();
        for (JsonNode m : messages) {
            String role = m.path("role").asText();
            String content = "assistant".equals(role) ? "" : m.path("content").asText();
            out.add(role + ": " + content + " | " + namesAndIds(m.path("tool_calls"), openAi) + " | " + m.path("tool_call_id").asText());
        }
        return out;
    }

    /** The recorded requests grouped by their first user message (one conversation each), in order. */
    static Map<String, List<Exchange>> byFirstUserTurn(List<Exchange> calls) {
        Map<String, List<Exchange>> byQuestion = new LinkedHashMap<>();
        for (Exchange e : calls) {
            byQuestion.computeIfAbsent(firstUserTurn(readTree(e.requestBody())), k -> new ArrayList<>()).add(e);
        }
        return byQuestion;
    }

    static String firstUserTurn(JsonNode requestOrPrompt) {
        for (JsonNode m : requestOrPrompt.path("messages")) {
            if ("user".equals(m.path("role").asText())) {
                return m.path("content").asText();
            }
        }
        throw new AssertionError("no user message in " + requestOrPrompt);
    }

    /** Each call as {@code name#id}, read from OpenAI's {@code function.name} or ibench's stored {@code name}. */
    private static List<String> namesAndIds(JsonNode toolCalls, boolean openAi) {
        List<String> out = new ArrayList<>();
        toolCalls.forEach(c -> out.add((openAi ? c.path("function").path("name") : c.path("name")).asText() + "#" + c.path("id").asText()));
        return out;
    }

    /**
     * Arguments as comparable text: a JSON object in its canonical form, whether sent as OpenAI's string or stored as an
     * object; anything else (a call cut off by {@code max_tokens}) as the text written, which ibench stores verbatim.
     */
    private static String arguments(JsonNode arguments) {
        if (!arguments.isTextual()) {
            return arguments.toString();
        }
        try {
            JsonNode parsed = Json.MAPPER.readTree(arguments.asText());
            return parsed != null && parsed.isObject() ? parsed.toString() : arguments.asText();
        } catch (IOException notJson) {
            return arguments.asText();
        }
    }

    private static JsonNode readTree(String json) {
        try {
            return Json.MAPPER.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + json, e);
        }
    }
}
