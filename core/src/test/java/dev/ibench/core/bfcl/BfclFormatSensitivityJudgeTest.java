package dev.ibench.core.bfcl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A format-sensitivity entry's output decoded as bfcl-eval's default_decode_ast_prompting decodes it under the entry's
 * configuration, then judged by the AST checker (expected verdicts read off bfcl-eval's code: ast_parse per return format,
 * parse_json_function_call, the XML parsers' convert_value_by_type, _evaluate_single_ast_entry's two decoder errors).
 */
class BfclFormatSensitivityJudgeTest {
    private static final Map<String, Object> TOOL = Map.of("name", "area", "description", "Area of a rectangle.", "parameters",
            Map.of("type", "dict", "properties", Map.of("sides", Map.of("type", "array", "items", Map.of("type", "integer")),
                    "unit", Map.of("type", "string")), "required", List.of("sides", "unit")));

    private static EvalSample entry(String returnFormat, boolean tag) {
        String config = "ret_fmt=" + returnFormat + "&tool_call_tag=" + (tag ? "True" : "False") + "&func_doc_fmt=json&prompt_fmt=plaintext&style=classic";
        return new EvalSample("format_sensitivity_0:" + config + ":simple_python_1", "bfcl_simple_python", "What is the area?", null,
                List.of(Map.of("area", Map.of("sides", List.of(List.of(3, 4)), "unit", List.of("cm")))), List.of(), null, List.of(TOOL), List.of());
    }

    private static String verdict(EvalSample sample, String output) {
        BfclVerdict v = BfclFormatSensitivityJudge.judge(sample, output);
        return v.valid() ? "valid" : v.errorType();
    }

    @Test
    void pythonCallsWithAndWithoutTheTag() {
        assertThat(verdict(entry("python", false), "```\narea(sides=[3, 4], unit='cm')\n```")).isEqualTo("valid");
        assertThat(verdict(entry("python", true), "<TOOLCALL>[area(sides=[3, 4], unit='cm')]</TOOLCALL>")).isEqualTo("valid");
        // the tag asked for and missing: ast_parse raises
        assertThat(verdict(entry("python", true), "[area(sides=[3, 4], unit='cm')]")).isEqualTo("ast_decoder:decoder_failed");
    }

    @Test
    void jsonCallsAndWhatIsNotJson() {
        // one object without brackets: the decoder wraps it in [...]
        assertThat(verdict(entry("json", false), "{\"function\": \"area\", \"parameters\": {\"sides\": [3, 4], \"unit\": \"cm\"}}")).isEqualTo("valid");
        // text that is not JSON decodes to no call, which the checker counts wrong
        assertThat(verdict(entry("json", false), "area(sides=[3, 4], unit='cm')")).isEqualTo("simple_function_checker:wrong_count");
        // an object without "parameters": KeyError in parse_json_function_call
        assertThat(verdict(entry("json", false), "[{\"function\": \"area\"}]")).isEqualTo("ast_decoder:decoder_failed");
        // parameters that are not an object: decoded, but not in the call format
        assertThat(verdict(entry("json", false), "[{\"function\": \"area\", \"parameters\": [3, 4]}]")).isEqualTo("ast_decoder:decoder_wrong_output_format");
    }

    @Test
    void xmlValuesAreConvertedByTheirType() {
        assertThat(verdict(entry("verbose_xml", false), "<functions><function name=\"area\"><params><param name=\"sides\" value=\"[3, 4]\" "
                + "type=\"array\"/><param name=\"unit\" value=\"cm\" type=\"string\"/></params></function></functions>")).isEqualTo("valid");
        assertThat(verdict(entry("concise_xml", true), "<TOOLCALL><functions><function name=\"area\"><param name=\"sides\" type=\"array\"> [3, 4] "
                + "</param><param name=\"unit\" type=\"string\">cm</param></function></functions></TOOLCALL>")).isEqualTo("valid");
        // a list written without its type is the string "[3, 4]"
        assertThat(verdict(entry("concise_xml", false), "<functions><function name=\"area\"><param name=\"sides\">[3, 4]</param>"
                + "<param name=\"unit\">cm</param></function></functions>")).isEqualTo("type_error:simple");
        assertThat(verdict(entry("verbose_xml", false), "area(sides=[3, 4], unit='cm')")).isEqualTo("ast_decoder:decoder_failed");
    }
}
