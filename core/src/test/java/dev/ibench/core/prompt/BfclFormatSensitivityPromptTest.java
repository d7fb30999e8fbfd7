package dev.ibench.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values worked by hand from bfcl-eval 2026.3.23's templates (constants/default_prompts.py, model_handler/utils.py). */
class BfclFormatSensitivityPromptTest {
    private static final String CONFIG = "ret_fmt=concise_xml&tool_call_tag=True&func_doc_fmt=python&prompt_fmt=markdown&style=experimental";

    @Test
    void questionMessagesAreReadBackFromTheImportersText() {
        assertThat(BfclFormatSensitivityPrompt.question("What is gcd(4, 6)?")).containsExactly(ChatMessage.user("What is gcd(4, 6)?"));
        assertThat(BfclFormatSensitivityPrompt.question("system: Be brief.\nuser: Hi\nthere"))
                .containsExactly(ChatMessage.system("Be brief."), ChatMessage.user("Hi\nthere"));
    }

    @Test
    void entrysConfigurationShapesTheSystemPromptAndTheQuestionsOwnSystemMessageFollowsIt() {
        Map<String, Object> x = new LinkedHashMap<>(Map.of("type", "integer", "description", "First.", "default", 1));
        Map<String, Object> function = new LinkedHashMap<>();
        function.put("name", "math.gcd");
        function.put("description", "Greatest common divisor.");
        function.put("parameters", Map.of("type", "dict", "properties", Map.of("x", x), "required", List.of("x")));
        EvalSample sample = new EvalSample("format_sensitivity_3:" + CONFIG + ":simple_python_1", "bfcl_simple_python",
                "system: Be brief.\nuser: gcd of 4 and 6?", null, null, List.of(), null, List.of(function), List.of());

        List<ChatMessage> messages = BfclFormatSensitivityPrompt.messages(sample);

        assertThat(messages).hasSize(2);
        assertThat(messages.get(1)).isEqualTo(ChatMessage.user("gcd of 4 and 6?"));
        String system = messages.get(0).content();
        assertThat(system).startsWith("You are an expert in generating structured function calls.\n\n## Task\nYou are given a user query");
        assertThat(system).contains("## Tool Call Format\nReturn only the function calls enclosed in <TOOLCALL> tags.\n\nYou MUST format it "
                + "exactly as <TOOLCALL><functions><function name=\"func_name1\"><param name=\"param1\" type=\"type1\">value1</param>");
        assertThat(system).contains("</functions></TOOLCALL>. The type fields of the parameters in your function calls must be one of: "
                + "string, integer, float, boolean, array, dict, or tuple. Do NOT include any other text.\n\n## Multi-turn Behavior\n");
        // the hint twice: bfcl-eval's loader adds it for the original category and again for format_sensitivity
        assertThat(system).endsWith("## Available Tools\nBelow is a list of callable functions in the python style:\n"
                + "# Function: math.gcd\n    \"\"\"\n    Greatest common divisor. Note that the provided function is in Python 3 syntax."
                + " Note that the provided function is in Python 3 syntax.\n\n    Args:\n        x (int, default=1): First.\n    \"\"\"\n"
                + "\n\n\n" // the docs joined by "\n\n" with a "\n" after each function
                + "\n" // the template's newline after the functions
                + "\n\nBe brief.");
    }

    @Test
    void jsonDocsEscapeNonAsciiInLowerCaseHexAsPythonDoes() {
        assertThat(BfclSystemPrompt.jsonDumpsIndent4(List.of("kg/m\u00b3", "a\\u00B3"))).isEqualTo("[\n    \"kg/m\\u00b3\",\n    \"a\\\\u00B3\"\n]");
    }
}
