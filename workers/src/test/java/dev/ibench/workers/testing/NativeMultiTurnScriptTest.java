package dev.ibench.workers.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The function-calling test double's answers and its check of a request (the checks MultiTurnDurabilityIT relies on). */
class NativeMultiTurnScriptTest {
    private static final List<String> TURN_0 = List.of("cd(folder='document')", "sort('final_report.pdf')");
    private static final List<String> TURN_1 = List.of("mkdir(dir_name='temp')");

    private static List<String> scripted(int turn, int step) {
        return step > 1 ? List.of() : turn == 0 ? TURN_0 : TURN_1;
    }

    private static String user(int turn) {
        return "user of turn " + turn;
    }

    /** Turn 1, step 1 asked after turn 0's two steps, written by hand as OpenAiMessages sends them. */
    private static final String TOOLS = """
            "tools": [{"type": "function", "function": {"name": "cd"}}, {"type": "function", "function": {"name": "mkdir"}}]""";
    private static final String TURN_0_MESSAGES = """
            {"role": "user", "content": "user of turn 0"},
            {"role": "assistant", "content": null, "tool_calls": [
              {"id": "fake-0-1-1", "type": "function", "function": {"name": "cd", "arguments": "{\\"folder\\":\\"document\\"}"}},
              {"id": "fake-0-1-2", "type": "function", "function": {"name": "sort", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "fake-0-1-1", "content": "{'current_working_directory': 'document'}"},
            {"role": "tool", "tool_call_id": "fake-0-1-2", "content": "{'error': 'no file'}"},
            {"role": "assistant", "content": "done"}""";

    private static JsonNode body(String messages, String tools) throws Exception {
        return Json.MAPPER.readTree("{\"messages\": [" + messages + "], " + tools + "}");
    }

    @Test
    void aRequestWithEveryEarlierStepPassesAndYieldsItsToolResultsInOrder() throws Exception {
        NativeMultiTurnScript.Check check = NativeMultiTurnScript.check(body(TURN_0_MESSAGES + ", {\"role\": \"user\", \"content\": \"user of turn 1\"}",
                TOOLS), 1, NativeMultiTurnScriptTest::user, NativeMultiTurnScriptTest::scripted);
        assertThat(check.problems()).isEmpty();
        assertThat(check.toolResults()).containsExactly("{'current_working_directory': 'document'}", "{'error': 'no file'}");
    }

    @Test
    void aMissingToolMessageAnotherCallIdOrAMissingToolIsReported() throws Exception {
        String withoutSecondResult = TURN_0_MESSAGES.replace("""
                {"role": "tool", "tool_call_id": "fake-0-1-2", "content": "{'error': 'no file'}"},
                """, "");
        assertThat(NativeMultiTurnScript.check(body(withoutSecondResult, TOOLS), 0, NativeMultiTurnScriptTest::user,
                NativeMultiTurnScriptTest::scripted).problems()).anyMatch(p -> p.contains("no tool message for call fake-0-1-2"));
        String regeneratedId = TURN_0_MESSAGES.replace("fake-0-1-1", "call_0_1_1");
        assertThat(NativeMultiTurnScript.check(body(regeneratedId, TOOLS), 0, NativeMultiTurnScriptTest::user,
                NativeMultiTurnScriptTest::scripted).problems()).anyMatch(p -> p.contains("is not the one answered"));
        assertThat(NativeMultiTurnScript.check(body(TURN_0_MESSAGES, "\"tools\": [{\"function\": {\"name\": \"mkdir\"}}]"), 0,
                NativeMultiTurnScriptTest::user, NativeMultiTurnScriptTest::scripted).problems()).anyMatch(p -> p.contains("lack cd"));
    }

    @Test
    void callsAreAnsweredAsToolCallsWithKeywordArgumentsOnly() throws Exception {
        JsonNode message = Json.MAPPER.readTree(NativeMultiTurnScript.completion(TURN_0, 0, 1, "done").getBody().readUtf8())
                .path("choices").path(0).path("message");
        assertThat(message.path("content").isNull()).isTrue();
        assertThat(message.path("tool_calls").get(0).path("id").asText()).isEqualTo("fake-0-1-1");
        assertThat(message.path("tool_calls").get(0).path("function").path("arguments").asText()).isEqualTo("{\"folder\":\"document\"}");
        assertThat(message.path("tool_calls").get(1).path("function").path("name").asText()).isEqualTo("sort");
        assertThat(message.path("tool_calls").get(1).path("function").path("arguments").asText()).isEqualTo("{}");
        JsonNode done = Json.MAPPER.readTree(NativeMultiTurnScript.completion(List.of(), 0, 2, "done").getBody().readUtf8())
                .path("choices").path(0).path("message");
        assertThat(done.path("content").asText()).isEqualTo("done");
        assertThat(done.has("tool_calls")).isFalse();
    }
}
