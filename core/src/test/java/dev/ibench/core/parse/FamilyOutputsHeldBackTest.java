package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.ToolCall;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Outputs none of the llama.cpp vectors holds (issue 42's trial, written by hand): BFCL {@code simple}'s first gold call,
 * {@code calculate_triangle_area(base=10, height=5, unit="units")}, written the way each family writes calls, with a
 * decoy call (other arguments) inside the family's reasoning block where it has one. The default chain must read the
 * call after the reasoning and never the decoy; these families scored 0.0 before.
 */
class FamilyOutputsHeldBackTest {
    private static final Map<String, Object> GOLD = gold();

    private static Map<String, Object> gold() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("base", 10);
        args.put("height", 5);
        args.put("unit", "units");
        return args;
    }

    static List<String[]> outputs() {
        String decoyJson = "{\"base\": 99, \"height\": 1}";
        return List.of(
                new String[] {"Kimi-K2", "<think>Maybe <|tool_calls_section_begin|><|tool_call_begin|>functions.calculate_triangle_area:0"
                        + "<|tool_call_argument_begin|>" + decoyJson + "<|tool_call_end|><|tool_calls_section_end|>? No, base is 10.</think>\n"
                        + "I'll compute it.<|tool_calls_section_begin|><|tool_call_begin|>functions.calculate_triangle_area:0<|tool_call_argument_begin|>"
                        + "{\"base\": 10, \"height\": 5, \"unit\": \"units\"}<|tool_call_end|><|tool_calls_section_end|>"},
                new String[] {"GLM-4.6", "<think>First idea: <tool_call>calculate_triangle_area\n<arg_key>base</arg_key>\n<arg_value>99</arg_value>\n"
                        + "</tool_call> but that is wrong.</think>\n<tool_call>calculate_triangle_area\n<arg_key>base</arg_key>\n<arg_value>10</arg_value>\n"
                        + "<arg_key>height</arg_key>\n<arg_value>5</arg_value>\n<arg_key>unit</arg_key>\n<arg_value>units</arg_value>\n</tool_call>"},
                new String[] {"GLM-4.7-Flash", "The user gives base 10; not <tool_call>calculate_triangle_area<arg_key>base</arg_key><arg_value>99"
                        + "</arg_value></tool_call>.</think><tool_call>calculate_triangle_area<arg_key>base</arg_key><arg_value>10</arg_value><arg_key>height"
                        + "</arg_key><arg_value>5</arg_value><arg_key>unit</arg_key><arg_value>units</arg_value></tool_call>"},
                new String[] {"MiniMax-M2", "Should I call <minimax:tool_call><invoke name=\"calculate_triangle_area\"><parameter name=\"base\">99"
                        + "</parameter></invoke></minimax:tool_call>? No.\n</think>\n\n<minimax:tool_call>\n<invoke name=\"calculate_triangle_area\">\n"
                        + "<parameter name=\"base\">10</parameter>\n<parameter name=\"height\">5</parameter>\n<parameter name=\"unit\">units</parameter>\n"
                        + "</invoke>\n</minimax:tool_call>"},
                new String[] {"Command-R7B", "<|START_THINKING|>A draft: <|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": "
                        + "\"calculate_triangle_area\", \"parameters\": " + decoyJson + "}]<|END_ACTION|> is wrong.<|END_THINKING|><|START_ACTION|>[\n"
                        + "    {\"tool_call_id\": \"0\", \"tool_name\": \"calculate_triangle_area\", \"parameters\": {\"base\": 10, \"height\": 5, "
                        + "\"unit\": \"units\"}}\n]<|END_ACTION|>"},
                new String[] {"Seed-OSS", "<seed:think>Try <seed:tool_call><function=calculate_triangle_area><parameter=base>99</parameter></function>"
                        + "</seed:tool_call>? No.</seed:think>\n<seed:tool_call>\n<function=calculate_triangle_area>\n<parameter=base>10</parameter>\n"
                        + "<parameter=height>5</parameter>\n<parameter=unit>units</parameter>\n</function>\n</seed:tool_call>"},
                new String[] {"Ministral-3-Reasoning", "[THINK]Not [TOOL_CALLS]calculate_triangle_area[ARGS]" + decoyJson + " since base is 10."
                        + "[/THINK][TOOL_CALLS]calculate_triangle_area[ARGS]{\"base\": 10, \"height\": 5, \"unit\": \"units\"}"},
                new String[] {"Apertus", "<|inner_prefix|>Not <|tools_prefix|>[{\"calculate_triangle_area\": " + decoyJson + "}]<|tools_suffix|>."
                        + "<|inner_suffix|><|tools_prefix|>[{\"calculate_triangle_area\": {\"base\": 10, \"height\": 5, \"unit\": \"units\"}}]"
                        + "<|tools_suffix|>"},
                new String[] {"Functionary-v3.2", "calculate_triangle_area\n{\"base\": 10, \"height\": 5, \"unit\": \"units\"}"},
                new String[] {"Gemma 4", "<|channel>thought\nNot <|tool_call>call:calculate_triangle_area{base:99}<tool_call|>.<channel|>"
                        + "<|tool_call>call:calculate_triangle_area{base:10,height:5,unit:<|\"|>units<|\"|>}<tool_call|>"});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("outputs")
    void theCallAfterTheReasoningIsReadAndTheDecoyIsNot(String family, String output) {
        ParsedOutput parsed = ParserChains.defaultChain().parse(output);
        assertThat(parsed.status()).as(family).isEqualTo(ParseStatus.PARSED);
        assertThat(parsed.calls()).as(family).hasSize(1);
        ToolCall call = parsed.calls().get(0);
        assertThat(call.name()).isEqualTo("calculate_triangle_area");
        assertThat(call.arguments()).as(family).hasSize(3).containsEntry("unit", "units");
        assertThat(((Number) call.arguments().get("base")).intValue()).as(family).isEqualTo(GOLD.get("base"));
        assertThat(((Number) call.arguments().get("height")).intValue()).as(family).isEqualTo(GOLD.get("height"));
    }
}
