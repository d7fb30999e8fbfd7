package dev.ibench.core.score;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A campaign scores a BFCL format_sensitivity entry's output as bfcl-eval's format_sensitivity_runner does: decoded in the
 * entry's configured format (not by the profile's parser chain), judged with the original category's rules; the other
 * metrics read the decoded calls.
 */
class SampleScorerFormatSensitivityTest {
    private static final SampleScorer PYTHON_PARSER = new SampleScorer(ParserChains.forProfile(List.of("python_ast")), null);

    private static EvalSample entry(String config) {
        Map<String, Object> function = Map.of("name", "math.gcd", "description", "gcd", "parameters",
                Map.of("type", "dict", "properties", Map.of("a", Map.of("type", "integer"), "b", Map.of("type", "integer")),
                        "required", List.of("a", "b")));
        return new EvalSample("format_sensitivity_0:" + config + ":simple_python_1", "bfcl_simple_python", "gcd of 4 and 6?", null,
                List.of(Map.of("math.gcd", Map.of("a", List.of(4), "b", List.of(6)))), List.of(new ToolCall("math.gcd", Map.of("a", 4, "b", 6), null)),
                null, List.of(function), List.of());
    }

    @Test
    void theEntrysJsonFormatIsDecodedThoughTheProfilesParserReadsOnlyPythonCalls() {
        SampleScore score = PYTHON_PARSER.score(entry("ret_fmt=json&tool_call_tag=False&func_doc_fmt=xml&prompt_fmt=plaintext&style=classic"),
                "```json\n[{\"function\": \"math.gcd\", \"parameters\": {\"a\": 4, \"b\": 6}}]\n```");
        assertThat(score.bfcl().valid()).isTrue();
        assertThat(score.predictedNames()).containsExactly("math.gcd");
        assertThat(score.sequence().full()).isTrue();
    }

    @Test
    void pythonCallsWithoutTheAskedToolCallTagFailToDecode() {
        SampleScore score = PYTHON_PARSER.score(entry("ret_fmt=python&tool_call_tag=True&func_doc_fmt=json&prompt_fmt=plaintext&style=classic"),
                "[math.gcd(a=4, b=6)]");
        assertThat(score.bfcl().valid()).isFalse();
        assertThat(score.bfcl().errorType()).isEqualTo("ast_decoder:decoder_failed");
        assertThat(score.parsed().isParsed()).isFalse();
        assertThat(PYTHON_PARSER.score(entry("ret_fmt=python&tool_call_tag=True&func_doc_fmt=json&prompt_fmt=plaintext&style=classic"),
                "<TOOLCALL>[math.gcd(a=4, b=6)]</TOOLCALL>").bfcl().valid()).isTrue();
    }
}
