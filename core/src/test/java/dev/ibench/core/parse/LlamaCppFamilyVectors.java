package dev.ibench.core.parse;

import static dev.ibench.core.parse.LlamaCppChatVectorsTest.HELLO;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.SPECIAL;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.THINKING;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.calls;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.differs;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.v;

import dev.ibench.core.parse.LlamaCppChatVectorsTest.Vector;
import java.util.ArrayList;
import java.util.List;

/**
 * The vectors of {@code tests/test-chat.cpp} (b11434) for the template families issue 42 added readers for: Ministral 3,
 * Cohere (Command-R7B, Cohere2 MoE), Gemma 4, Seed-OSS, GLM-4.6 / 4.7-Flash, Kimi-K2 (three templates), Apertus,
 * MiniMax-M2 and Functionary v3.2. As in {@link LlamaCppChatVectorsTest}: the Continuation tests are left out, and
 * every difference says why.
 */
final class LlamaCppFamilyVectors {
    static final String NONE_FORMAT = "llama.cpp keeps the thinking, markers included, in the content when asked for no reasoning format; "
            + "ibench always takes reasoning out, so reasoning is never read as an answer";
    static final String PARTIAL = "llama.cpp streams a partial call (name known, arguments cut); ibench reads finished outputs, and a call "
            + "whose arguments are cut is not credited";

    private LlamaCppFamilyVectors() {}

    static List<Vector> all() {
        List<Vector> out = new ArrayList<>();
        out.addAll(ministral());
        out.addAll(cohere());
        out.addAll(gemma4());
        out.addAll(seedOss());
        out.addAll(glm());
        out.addAll(kimi());
        out.addAll(smallFamilies());
        return out;
    }

    private static List<Vector> ministral() {
        String t = "mistralai-Ministral-3-14B-Reasoning-2512.jinja";
        String f = "ministral-3";
        return List.of(
                v(f, t + " content", HELLO, List.of(), "", HELLO),
                differs(f, t + " [THINK], reasoning_format none", "[THINK]I'm\nthinking[/THINK]" + HELLO, List.of(), THINKING, HELLO, NONE_FORMAT),
                v(f, t + " [THINK], content", "[THINK]I'm\nthinking[/THINK]" + HELLO, List.of(), THINKING, HELLO),
                v(f, t + " [TOOL_CALLS]", "[TOOL_CALLS]special_function[ARGS]{\"arg1\":1}", SPECIAL, "", ""),
                v(f, t + " [THINK], [TOOL_CALLS]", "[THINK]I'm\nthinking[/THINK][TOOL_CALLS]special_function[ARGS]{\"arg1\":1}", SPECIAL, THINKING, ""),
                v(f, t + " two calls", "[TOOL_CALLS]special_function[ARGS]{\"arg1\": 1}[TOOL_CALLS]special_function_with_opt[ARGS]{\"arg1\": 1, \"arg2\": 2}",
                        calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}"), "", ""),
                differs(f, t + " invoice JSON schema", "[THINK]I need to output the invoice details in JSON[/THINK]```json\n"
                                + "{\"amount\": 123.45, \"date\": \"2025-12-03\"}\n```", List.of(), "I need to output the invoice details in JSON",
                        "```json\n{\"amount\": 123.45, \"date\": \"2025-12-03\"}\n```",
                        "llama.cpp unwraps the fence for a response JSON schema; ibench keeps the answer as written (same calls: none)"),
                v(f, t + " 'fake tool call marker in reasoning'", "[THINK]Let me think about [TOOL_CALLS]special_function[ARGS]{\"arg1\":1} and more[/THINK]"
                        + "[TOOL_CALLS]special_function[ARGS]{\"arg1\": 1}", SPECIAL,
                        "Let me think about [TOOL_CALLS]special_function[ARGS]{\"arg1\":1} and more", ""));
    }

    private static List<Vector> cohere() {
        String r7b = "CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja";
        String moe = "Cohere2MoE.jinja";
        String action = "<|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"special_function\", \"parameters\": {\"arg1\": 1}}\n]<|END_ACTION|>";
        String partial = "<|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"special_function\", ";
        String answer = "<|START_RESPONSE|>" + HELLO + "<|END_RESPONSE|>";
        String text = "<|START_TEXT|>" + HELLO + "<|END_TEXT|>";
        return List.of(
                v("command-r7b", r7b + " thinking, response", "<|START_THINKING|>I'm\nthinking<|END_THINKING|>" + answer, List.of(), THINKING, HELLO),
                differs("command-r7b", r7b + " thinking, response, reasoning_format none", "<|START_THINKING|>I'm\nthinking<|END_THINKING|>" + answer,
                        List.of(), THINKING, HELLO, NONE_FORMAT),
                v("command-r7b", r7b + " thinking, action", "<|START_THINKING|>I'm\nthinking<|END_THINKING|>" + action, SPECIAL, THINKING, ""),
                differs("command-r7b", r7b + " thinking, partial action", "<|START_THINKING|>I'm\nthinking<|END_THINKING|>" + partial, List.of(),
                        THINKING, null, PARTIAL),
                v("command-r7b", r7b + " empty thinking, action", "<|START_THINKING|><|END_THINKING|>" + action, SPECIAL, "", ""),
                // Cohere2 MoE: the generation prompt opened <|START_THINKING|>, so outputs start inside it
                v("cohere2-moe", moe + " thinking, text", "I'm\nthinking<|END_THINKING|>" + text, List.of(), THINKING, HELLO),
                differs("cohere2-moe", moe + " thinking, text, reasoning_format none", "I'm\nthinking<|END_THINKING|>" + text, List.of(), THINKING,
                        HELLO, NONE_FORMAT),
                v("cohere2-moe", moe + " empty thinking, text", "<|END_THINKING|>" + text, List.of(), "", HELLO),
                v("cohere2-moe", moe + " invoice JSON schema", "I need to output the invoice details in JSON<|END_THINKING|><|START_TEXT|>"
                                + "{\"amount\": 123.45, \"date\": \"2025-12-03\"}<|END_TEXT|>", List.of(), "I need to output the invoice details in JSON",
                        "{\"amount\": 123.45, \"date\": \"2025-12-03\"}"),
                v("cohere2-moe", moe + " thinking, action", "I'm\nthinking<|END_THINKING|>" + action, SPECIAL, THINKING, ""),
                v("cohere2-moe", moe + " empty thinking, action", "<|END_THINKING|>" + action, SPECIAL, "", ""),
                v("cohere2-moe", moe + " array argument", "<|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"todo_list\", "
                        + "\"parameters\": {\"todos\": [\"buy milk\", \"walk dog\"]}}\n]<|END_ACTION|>", calls("todo_list", "{\"todos\": [\"buy milk\", "
                        + "\"walk dog\"]}"), "", ""),
                v("cohere2-moe", moe + " parallel calls", "I'm\nthinking<|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": "
                        + "\"special_function\", \"parameters\": {\"arg1\": 1}},\n    {\"tool_call_id\": \"1\", \"tool_name\": \"python\", \"parameters\": "
                        + "{\"code\": \"print('hey')\"}}\n]<|END_ACTION|>", calls("special_function", "{\"arg1\": 1}", "python", "{\"code\": \"print('hey')\"}"),
                        THINKING, ""),
                v("cohere2-moe", moe + " tools offered, text answer", "I'm\nthinking<|END_THINKING|>" + text, List.of(), THINKING, HELLO),
                differs("cohere2-moe", moe + " partial action", "I'm\nthinking<|END_THINKING|>" + partial, List.of(), THINKING, null, PARTIAL));
    }

    private static List<Vector> gemma4() {
        String t = "google-gemma-4-31B-it.jinja";
        String f = "gemma4";
        String q = "<|\"|>";
        List<Vector> out = new ArrayList<>(List.of(
                v(f, t + " 'Reasoning and content'", "<|channel>thought\nI'm\nthinking<channel|>" + HELLO, List.of(), THINKING, HELLO),
                v(f, t + " 'Empty reasoning'", "<|channel>thought<channel|>" + HELLO, List.of(), "", HELLO),
                differs(f, t + " 'Reasoning and content with reasoning_format = none'", "<|channel>thought\nI'm\nthinking<channel|>" + HELLO, List.of(),
                        THINKING, HELLO, NONE_FORMAT),
                v(f, t + " 'Simple tool call with string argument'", "<|tool_call>call:get_time{city:" + q + "London" + q + "}<tool_call|>",
                        calls("get_time", "{\"city\": \"London\"}"), "", ""),
                v(f, t + " 'string argument containing special chars'", "<|tool_call>call:get_time{city:" + q + "San Francisco" + q + "}<tool_call|>",
                        calls("get_time", "{\"city\": \"San Francisco\"}"), "", ""),
                v(f, t + " 'Tool call with empty args'", "<|tool_call>call:empty_args{}<tool_call|>", calls("empty_args", "{}"), "", ""),
                v(f, t + " 'Tool call with string and content'", HELLO + "<|tool_call>call:get_time{city:" + q + "Paris" + q + "}<tool_call|>",
                        calls("get_time", "{\"city\": \"Paris\"}"), "", HELLO),
                v(f, t + " 'Required tool call'", "<|tool_call>call:get_time{city:" + q + "Paris" + q + "}<tool_call|>",
                        calls("get_time", "{\"city\": \"Paris\"}"), "", ""),
                v(f, t + " 'Required tool call after reasoning'", "<|channel>thought\nI'm\nthinking<channel|><|tool_call>call:get_time{city:" + q + "Paris"
                        + q + "}<tool_call|>", calls("get_time", "{\"city\": \"Paris\"}"), THINKING, ""),
                v(f, t + " 'Parallel tool calls'", "<|tool_call>call:get_time{city:" + q + "London" + q + "}<tool_call|><|tool_call>call:get_weather{city:"
                        + q + "Paris" + q + "}<tool_call|>", calls("get_time", "{\"city\": \"London\"}", "get_weather", "{\"city\": \"Paris\"}"), "", ""),
                v(f, t + " 'integer argument'", "<|tool_call>call:special_function{arg1:42}<tool_call|>", calls("special_function", "{\"arg1\": 42}"), "", ""),
                v(f, t + " 'negative number argument'", "<|tool_call>call:special_function{arg1:-7}<tool_call|>", calls("special_function", "{\"arg1\": -7}"),
                        "", ""),
                v(f, t + " 'decimal number argument'", "<|tool_call>call:amount{orig:3.14}<tool_call|>", calls("amount", "{\"orig\": 3.14}"), "", ""),
                v(f, t + " 'boolean argument (true)'", "<|tool_call>call:toggle{enabled:true}<tool_call|>", calls("toggle", "{\"enabled\": true}"), "", ""),
                v(f, t + " 'boolean argument (false)'", "<|tool_call>call:toggle{enabled:false}<tool_call|>", calls("toggle", "{\"enabled\": false}"), "", ""),
                v(f, t + " 'null argument'", "<|tool_call>call:set_nullable{value:null}<tool_call|>", calls("set_nullable", "{\"value\": null}"), "", ""),
                v(f, t + " 'array argument'", "<|tool_call>call:todo_list{todos:[" + q + "buy milk" + q + "," + q + "walk dog" + q + "]}<tool_call|>",
                        calls("todo_list", "{\"todos\":[\"buy milk\",\"walk dog\"]}"), "", ""),
                v(f, t + " 'object/dict argument'", "<|tool_call>call:set_config{config:{theme:" + q + "dark" + q + ",count:3}}<tool_call|>",
                        calls("set_config", "{\"config\":{\"theme\":\"dark\",\"count\":3}}"), "", ""),
                v(f, t + " 'empty array'", "<|tool_call>call:todo_list{todos:[]}<tool_call|>", calls("todo_list", "{\"todos\":[]}"), "", ""),
                v(f, t + " 'empty dict'", "<|tool_call>call:set_config{config:{}}<tool_call|>", calls("set_config", "{\"config\":{}}"), "", ""),
                v(f, t + " 'scientific notation number'", "<|tool_call>call:amount{orig:1.5e10}<tool_call|>", calls("amount", "{\"orig\": 1.5e10}"), "", "")));
        out.addAll(List.of(
                v(f, t + " edge case: stray <channel|> after content", "<|channel>thought\n<channel|>" + HELLO + "<channel|>", List.of(), "", HELLO),
                v(f, t + " edge case: empty thought after content", "<|channel>thought\n<channel|>" + HELLO + "<|channel>thought\n<channel|>", List.of(), "",
                        HELLO),
                v(f, t + " edge case: empty thought and stray <channel|>", "<|channel>thought\n<channel|>" + HELLO + "<|channel>thought\n<channel|><channel|>",
                        List.of(), "", HELLO),
                v(f, t + " edge case: doubled <|channel>", "<|channel><|channel>thought\n<channel|>" + HELLO, List.of(), "", HELLO)));
        return out;
    }

    private static List<Vector> seedOss() {
        String t = "ByteDance-Seed-OSS.jinja";
        String f = "seed-oss";
        String special = "<seed:tool_call>\n<function=special_function>\n<parameter=arg1>1</parameter>\n</function>\n</seed:tool_call>";
        return List.of(
                v(f, t + " <seed:think>, content", "<seed:think>I'm thinking about the answer</seed:think>\nHello, world!", List.of(),
                        "I'm thinking about the answer", "Hello, world!"),
                v(f, t + " call", special, SPECIAL, "", ""),
                v(f, t + " two calls", special + "\n<seed:tool_call>\n<function=special_function_with_opt>\n<parameter=arg1>1</parameter>\n"
                                + "<parameter=arg2>2</parameter>\n</function>\n</seed:tool_call>",
                        calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}"), "", ""),
                v(f, t + " array of objects", "<seed:tool_call>\n<function=todo_list>\n<parameter=todos>[{\"item\": \"Check stuff\", \"selected\": false}, "
                                + "{\"item\": \"Prepare stuff\", \"selected\": true}]</parameter>\n</function>\n</seed:tool_call>",
                        calls("todo_list", "{\"todos\": [{\"item\": \"Check stuff\", \"selected\": false}, {\"item\": \"Prepare stuff\", \"selected\": true}]}"),
                        "", ""),
                differs(f, t + " edit, multi-line strings", "<seed:tool_call>\n<function=edit>\n<parameter=filename>foo.cpp</parameter>\n<parameter=oldString>"
                                + "def foo(arg = \"14\"):\n    return arg + \"bar\"\n</parameter>\n<parameter=newString>def foo(arg = \"15\"):\n    pass\n"
                                + "</parameter>\n</function>\n</seed:tool_call>",
                        calls("edit", "{\"filename\": \"foo.cpp\", \"oldString\": \"def foo(arg = \\\"14\\\"):\\n    return arg + \\\"bar\\\"\", "
                                + "\"newString\": \"def foo(arg = \\\"15\\\"):\\n    pass\"}"), "", "",
                        "llama.cpp keeps the newline before </parameter> (\"...bar\\\"\\n\"); ibench reads Seed-OSS with Qwen3-Coder's XML reader, which "
                                + "drops the one newline the Qwen3 templates write around a value (same names and arguments otherwise)"));
    }

    private static List<Vector> glm() {
        String g46 = "GLM-4.6.jinja";
        String g47 = "GLM-4.7-Flash.jinja";
        String compact = "<tool_call>special_function<arg_key>arg1</arg_key><arg_value>1</arg_value></tool_call>";
        return List.of(
                v("glm-4.6", g46 + " call", "<tool_call>special_function\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n</tool_call>", SPECIAL, "", ""),
                v("glm-4.7", g47 + " 'Pure content'", HELLO, List.of(), "", HELLO),
                v("glm-4.7", g47 + " 'Reasoning with content (forced-open)'", "I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                v("glm-4.7", g47 + " 'Tool call without reasoning'", compact, SPECIAL, "", ""),
                v("glm-4.7", g47 + " 'Tool call with reasoning (forced-open)'", "I'm\nthinking</think>" + compact, SPECIAL, THINKING, ""),
                v("glm-4.7", g47 + " two calls", compact + "<tool_call>special_function_with_opt<arg_key>arg1</arg_key><arg_value>1</arg_value>"
                                + "<arg_key>arg2</arg_key><arg_value>2</arg_value></tool_call>",
                        calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}"), "", ""),
                v("glm-4.7", g47 + " '#20650: tool with no required args'", "Let me read the diff content.</think><tool_call>read_file_diff_md</tool_call>",
                        calls("read_file_diff_md", "{}"), "Let me read the diff content.", ""));
    }

    private static List<Vector> kimi() {
        String k2 = "moonshotai-Kimi-K2.jinja";
        String k2i = "Kimi-K2-Instruct.jinja";
        String t = "Kimi-K2-Thinking.jinja";
        String f = "kimi-k2";
        String one = "<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{\"arg1\": 1}<|tool_call_end|>"
                + "<|tool_calls_section_end|>";
        String two = "<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{\"arg1\": 1}<|tool_call_end|>"
                + "<|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{\"code\": \"print('hey')\"}<|tool_call_end|>";
        List<String[]> twoCalls = calls("special_function", "{\"arg1\": 1}", "python", "{\"code\": \"print('hey')\"}");
        String insideThinking = "llama.cpp ends the reasoning of an unclosed <think> where a call section starts; ibench reads an unclosed <think> "
                + "as reasoning cut off before any answer (issue 42: a cut-off <think> is credited nothing, and a call drafted inside reasoning is "
                + "never read), so these calls are not credited";
        return List.of(
                v(f, k2 + " call", one, SPECIAL, "", ""),
                v(f, k2i + " call", one, SPECIAL, "", ""),
                v(f, t + " 'Single tool call'", one, SPECIAL, "", ""),
                v(f, t + " 'Single tool call with reasoning'", "<think>I'm thinking about this</think>" + one, SPECIAL, "I'm thinking about this", ""),
                v(f, t + " 'Tool call with content'", HELLO + one, SPECIAL, "", HELLO),
                v(f, t + " 'Multiple tool calls (parallel)'", "<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0"
                                + "<|tool_call_argument_begin|>{\"arg1\": 1}<|tool_call_end|><|tool_call_begin|>functions.special_function_with_opt:1"
                                + "<|tool_call_argument_begin|>{\"arg1\": 1, \"arg2\": 2}<|tool_call_end|><|tool_calls_section_end|>",
                        calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}"), "", ""),
                v(f, t + " 'Multiple tool calls with reasoning'", "<think>I need to call two functions</think><|tool_calls_section_begin|>" + two
                        + "<|tool_calls_section_end|>", twoCalls, "I need to call two functions", ""),
                v(f, t + " 'Python tool with multiline code'", "<|tool_calls_section_begin|><|tool_call_begin|>functions.python:0<|tool_call_argument_begin|>"
                                + "{\"code\": \"def hello():\\n    print(\\\"Hello, world!\\\")\\n\\nhello()\"}<|tool_call_end|><|tool_calls_section_end|>",
                        calls("python", "{\"code\": \"def hello():\\n    print(\\\"Hello, world!\\\")\\n\\nhello()\"}"), "", ""),
                v(f, t + " 'Tool call with empty arguments'", "<|tool_calls_section_begin|><|tool_call_begin|>functions.empty_args:0"
                        + "<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>", calls("empty_args", "{}"), "", ""),
                differs(f, t + " 'Partial tool call (streaming)'", "<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0"
                        + "<|tool_call_argument_begin|>{\"arg1\": ", List.of(), "", null, PARTIAL),
                v(f, t + " 'Three tool calls'", "<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>"
                                + "{\"arg1\": 1}<|tool_call_end|><|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{\"code\": \"print(1)\"}"
                                + "<|tool_call_end|><|tool_call_begin|>functions.html:2<|tool_call_argument_begin|>{\"markup\": \"<p>test</p>\"}"
                                + "<|tool_call_end|><|tool_calls_section_end|>",
                        calls("special_function", "{\"arg1\": 1}", "python", "{\"code\": \"print(1)\"}", "html", "{\"markup\": \"<p>test</p>\"}"), "", ""),
                differs(f, t + " 'call *inside thinking block*'", "<think>I need to call two functions<|tool_calls_section_begin|>" + two
                        + "<|tool_calls_section_end|>", List.of(), "I need to call two functions<|tool_calls_section_begin|>" + two
                        + "<|tool_calls_section_end|>", null, insideThinking),
                differs(f, t + " 'call inside thinking block, without section or end markers'", "<think>I need to call two functions"
                                + "<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{\"arg1\": 1}<|tool_call_begin|>functions.python:1"
                                + "<|tool_call_argument_begin|>{\"code\": \"print('hey')\"}", List.of(), "I need to call two functions"
                                + "<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{\"arg1\": 1}<|tool_call_begin|>functions.python:1"
                                + "<|tool_call_argument_begin|>{\"code\": \"print('hey')\"}", null, insideThinking),
                v(f, t + " 'Real life test - execute_command'", "<|tool_call_begin|>functions.execute_command:0<|tool_call_argument_begin|>{\"command\": "
                                + "\"ls -lah\", \"cwd\": \"/home/user/development/exllamav3\", \"timeout\": 10}",
                        calls("execute_command", "{\"command\": \"ls -lah\", \"cwd\": \"/home/user/development/exllamav3\", \"timeout\": 10}"), "", ""));
    }

    private static List<Vector> smallFamilies() {
        return List.of(
                v("apertus", "Apertus-8B-Instruct.jinja <|tools_prefix|>", "<|tools_prefix|>[{\"special_function\": {\"arg1\": 1}}]<|tools_suffix|>", SPECIAL,
                        "", ""),
                v("minimax-m2", "MiniMax-M2.jinja thinking (forced open), call without arguments", "Let's call a tool:\n</think>\n\n<minimax:tool_call>\n"
                        + "<invoke name=\"empty_args\">\n</invoke>\n</minimax:tool_call>", calls("empty_args", "{}"), "Let's call a tool:", ""),
                v("minimax-m2", "MiniMax-M2.jinja empty thinking, call", "\n</think>\n\n<minimax:tool_call>\n<invoke name=\"special_function\">\n<parameter "
                        + "name=\"arg1\">1</parameter>\n</invoke>\n</minimax:tool_call>", SPECIAL, "", ""),
                v("functionary-v3.2", "meetkai-functionary-medium-v3.2.jinja call after >>>", "special_function\n{\"arg1\": 1}", SPECIAL, "", ""));
    }
}
