package dev.ibench.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.bfcl.BfclMultiTurnStep;
import dev.ibench.core.bfcl.PythonRepr;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The messages of a multi-turn step as bfcl-eval's prompting handler builds them, written out by hand: a held-out function
 * is absent from the system prompt and announced in its turn's user message as Python text; each executed step's
 * results come back as one user message holding Python's repr of the tool messages.
 */
class BfclMultiTurnPromptTest {
    private static Map<String, Object> doc(String name) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("name", name);
        d.put("description", "Does " + name + ".");
        return d;
    }

    private static final Map<String, List<Map<String, Object>>> DOCS = Map.of("GorillaFileSystem", List.of(doc("cd"), doc("sort")));
    private static final BfclMultiTurnEntry ENTRY = new BfclMultiTurnEntry("multi_turn_miss_func_9", "multi_turn_miss_func",
            List.of(List.of(Map.of("role", "user", "content", "Go to docs.")), List.of()),
            List.of("GorillaFileSystem"), Map.of(), Map.of("1", List.of("sort")),
            List.of(List.of("cd(folder='docs')"), List.of("sort(file_name='a.txt')")));

    @Test
    void theHeldOutFunctionIsAnnouncedAtItsTurnAndResultsComeBackAsPythonText() {
        List<List<BfclMultiTurnStep>> turns = List.of(
                List.of(new BfclMultiTurnStep("[cd(folder='docs')]", List.of("cd(folder='docs')"), List.of("None")),
                        new BfclMultiTurnStep("Done.", List.of(), null)),
                List.of());
        List<ChatMessage> messages = BfclMultiTurnPrompt.messages(ENTRY, DOCS, turns);

        assertThat(messages).extracting(ChatMessage::role).containsExactly("system", "user", "assistant", "user", "assistant", "user");
        String system = messages.get(0).content();
        assertThat(system).startsWith("You are an expert in composing functions.You are given a question")
                .contains("[func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)].  You SHOULD NOT")
                .endsWith("Here is a list of functions in json format that you can invoke.\n[\n    {\n        \"name\": \"cd\",\n"
                        + "        \"description\": \"Does cd.\"\n    }\n]\n")
                .doesNotContain("sort");
        assertThat(messages.get(1).content()).isEqualTo("Go to docs.");
        assertThat(messages.get(2).content()).isEqualTo("[cd(folder='docs')]");
        assertThat(messages.get(3).content()).isEqualTo("[{'role': 'tool', 'name': \"cd(folder='docs')\", 'content': 'None'}]");
        assertThat(messages.get(4).content()).isEqualTo("Done.");
        assertThat(messages.get(5).content()).isEqualTo("[{'name': 'sort', 'description': 'Does sort.'}]\n"
                + "I have updated some more functions you can choose from. What about now?");
    }

    @Test
    void theFirstStepIsTheSystemPromptAndTheFirstUserMessage() {
        List<ChatMessage> messages = BfclMultiTurnPrompt.messages(ENTRY, DOCS, List.of(List.of()));
        assertThat(messages).extracting(ChatMessage::role).containsExactly("system", "user");
    }

    /**
     * GorillaFileSystem's {@code pwd} doc as bfcl-eval ships it, and its text from Python 3's
     * {@code json.dumps([doc], indent=4)} (run once by hand): an empty dict and an empty list print as {@code {}} and
     * {@code []}, where Jackson's pretty printer writes {@code { }} and {@code [ ]}.
     */
    @Test
    void functionDocsPrintAsPythonsJsonDumpsIndent4() {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("type", "dict");
        parameters.put("properties", Map.of());
        parameters.put("required", List.of());
        Map<String, Object> pwd = new LinkedHashMap<>();
        pwd.put("name", "pwd");
        pwd.put("description", "Return the current working directory path.");
        pwd.put("parameters", parameters);
        Map<String, Object> response = new LinkedHashMap<>();
        response.put("type", "dict");
        response.put("properties", Map.of("current_working_directory", Map.of("type", "string")));
        pwd.put("response", response);
        String python = """
                [
                    {
                        "name": "pwd",
                        "description": "Return the current working directory path.",
                        "parameters": {
                            "type": "dict",
                            "properties": {},
                            "required": []
                        },
                        "response": {
                            "type": "dict",
                            "properties": {
                                "current_working_directory": {
                                    "type": "string"
                                }
                            }
                        }
                    }
                ]""";
        assertThat(BfclSystemPrompt.jsonDumpsIndent4(List.of(pwd))).isEqualTo(python);
        assertThat(BfclSystemPrompt.jsonDumpsIndent4(List.of())).isEqualTo("[]");
        assertThat(BfclSystemPrompt.jsonDumpsIndent4(Map.of())).isEqualTo("{}");
    }

    @Test
    void pythonReprQuotesAsPythonDoes() {
        assertThat(PythonRepr.of("plain")).isEqualTo("'plain'");
        assertThat(PythonRepr.of("it's")).isEqualTo("\"it's\"");
        assertThat(PythonRepr.of("both ' and \"")).isEqualTo("'both \\' and \"'");
        assertThat(PythonRepr.of("line\nnext\\")).isEqualTo("'line\\nnext\\\\'");
        assertThat(PythonRepr.of(List.of(true, 2, 2.5))).isEqualTo("[True, 2, 2.5]");
    }

    /**
     * bfcl-eval's function-calling handler (OpenAI-compatible, {@code inference_multi_turn_FC}), written out by hand: no
     * system prompt of docs; the turn's functions as tools (the held-out {@code sort} only from its turn on); the model's
     * turn as the assistant message with its tool calls, then one tool message per executed call with its result; the
     * held-out turn's user message is the FC prompt.
     */
    @Test
    void aFunctionCallingModelGetsToolsToolCallsAndToolMessages() {
        String turn1 = new dev.ibench.core.sample.NativeTurnText("", List.of(
                new dev.ibench.core.sample.NativeTurnText.Call("call_1", "cd", "{\"folder\": \"docs\"}"))).stored();
        String turn1End = new dev.ibench.core.sample.NativeTurnText("Done.", List.of()).stored();
        List<List<BfclMultiTurnStep>> atFirstTurn = List.of(List.of(new BfclMultiTurnStep(turn1, List.of("cd(folder='docs')"), List.of("None"))));

        RenderedPrompt first = BfclMultiTurnPrompt.functionCalling(ENTRY, DOCS, atFirstTurn);

        assertThat(first.messages()).containsExactly(ChatMessage.user("Go to docs."),
                ChatMessage.assistant("", List.of(new ChatToolCall("call_1", "cd", "{\"folder\": \"docs\"}")), null),
                ChatMessage.tool("call_1", "None"));
        assertThat(first.tools()).containsExactly(Map.of("type", "function", "function",
                Map.of("name", "cd", "description", "Does cd.", "parameters", Map.of("type", "object", "properties", Map.of()))));

        List<List<BfclMultiTurnStep>> atSecondTurn = List.of(
                List.of(new BfclMultiTurnStep(turn1, List.of("cd(folder='docs')"), List.of("None")), new BfclMultiTurnStep(turn1End, List.of(), null)),
                List.of());
        RenderedPrompt second = BfclMultiTurnPrompt.functionCalling(ENTRY, DOCS, atSecondTurn);

        assertThat(second.messages()).containsExactly(ChatMessage.user("Go to docs."),
                ChatMessage.assistant("", List.of(new ChatToolCall("call_1", "cd", "{\"folder\": \"docs\"}")), null),
                ChatMessage.tool("call_1", "None"),
                ChatMessage.assistant("Done."),
                ChatMessage.user("I have updated some more functions you can choose from. What about now?"));
        assertThat(second.tools().stream().map(t -> String.valueOf(((Map<?, ?>) t.get("function")).get("name"))).toList()).containsExactly("cd", "sort");
    }
}
