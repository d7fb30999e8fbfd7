package dev.ibench.core.parse;

import static dev.ibench.core.parse.LlamaCppChatVectorsTest.HELLO;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.SPECIAL;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.THINKING;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.calls;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.differs;
import static dev.ibench.core.parse.LlamaCppChatVectorsTest.v;
import static dev.ibench.core.parse.LlamaCppFamilyVectors.PARTIAL;

import dev.ibench.core.parse.LlamaCppChatVectorsTest.Vector;
import java.util.ArrayList;
import java.util.List;

/**
 * The remaining templates of {@code tests/test-chat.cpp} (b11434): the GLM-style Spark 2.5 and Ling 3.0, MiniMax-M3,
 * Nemotron Nano v2, Command R+, Reka Edge, Apriel 1.5 / 1.6, Muse Glimmer, llm-jp 4.1, StepFun 3.5, GigaChat 3 / 3.1,
 * MiniCPM 5, the three LFM2 templates, Kimi-K3 and Gemma 2. Continuation tests are left out, as in
 * {@link LlamaCppChatVectorsTest}.
 */
final class LlamaCppMoreFamilyVectors {
    private static final String TYPED = "llama.cpp types a value by the tool's schema; ibench sees only the output and reads a value that is "
            + "one complete JSON value as that value (docs/output-parsing.md), so ";
    private static final String PREFILLED = "the template's prompt opened the reasoning, so llama.cpp reads text that closes none as reasoning; "
            + "ibench sees only the output and reads it as content unless the profile says prompt_ends_in_thinking: true";

    private LlamaCppMoreFamilyVectors() {}

    static List<Vector> all() {
        List<Vector> out = new ArrayList<>();
        out.addAll(glmCopies());
        out.addAll(miniMaxM3());
        out.addAll(jsonWrapped());
        out.addAll(channels());
        out.addAll(stepFun());
        out.addAll(lfm2());
        out.addAll(kimiK3());
        return out;
    }

    private static List<Vector> glmCopies() {
        String spark = "Spark2.5.jinja";
        String ling = "inclusionai-ling-3.0-flash.jinja";
        String compact = "<tool_call>special_function<arg_key>arg1</arg_key><arg_value>1</arg_value></tool_call>";
        String time = "<tool_call>get_time\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>";
        List<String[]> paris = calls("get_time", "{\"city\": \"Paris\"}");
        return List.of(
                v("spark-2.5", spark + " content", HELLO, List.of(), "", HELLO),
                v("spark-2.5", spark + " thinking (forced open), content", "I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                v("spark-2.5", spark + " call", compact, SPECIAL, "", ""),
                v("spark-2.5", spark + " thinking, call", "I'm\nthinking</think>" + compact, SPECIAL, THINKING, ""),
                v("spark-2.5", spark + " two calls", compact + "<tool_call>special_function_with_opt<arg_key>arg1</arg_key><arg_value>1</arg_value>"
                                + "<arg_key>arg2</arg_key><arg_value>2</arg_value></tool_call>",
                        calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}"), "", ""),
                v("spark-2.5", spark + " content, six calls of mixed types", "Preparing updates.<tool_call>magic_int<arg_key>ref</arg_key><arg_value>42"
                                + "</arg_value><arg_key>name</arg_key><arg_value>上海</arg_value></tool_call><tool_call>amount<arg_key>orig</arg_key>"
                                + "<arg_value>2.5</arg_value></tool_call><tool_call>toggle<arg_key>enabled</arg_key><arg_value>true</arg_value></tool_call>"
                                + "<tool_call>set_config<arg_key>config</arg_key><arg_value>{\"source\": \"spark\", \"options\": {\"strict\": true}}"
                                + "</arg_value></tool_call><tool_call>nested_args<arg_key>tags</arg_key><arg_value>[\"alpha\", \"测试\"]</arg_value>"
                                + "<arg_key>entries</arg_key><arg_value>[{\"id\": 1, \"label\": \"first\"}, {\"id\": 2, \"label\": \"第二\"}]</arg_value>"
                                + "</tool_call><tool_call>empty_args</tool_call>",
                        calls("magic_int", "{\"ref\": 42, \"name\": \"上海\"}", "amount", "{\"orig\": 2.5}", "toggle", "{\"enabled\": true}",
                                "set_config", "{\"config\": {\"source\": \"spark\", \"options\": {\"strict\": true}}}", "nested_args",
                                "{\"tags\": [\"alpha\", \"测试\"], \"entries\": [{\"id\": 1, \"label\": \"first\"}, {\"id\": 2, \"label\": \"第二\"}]}",
                                "empty_args", "{}"), "", "Preparing updates."),
                differs("ling-3.0", ling + " call before the think block is closed", "I need to check the time first.\n" + time, paris, "",
                        "I need to check the time first.", PREFILLED),
                v("ling-3.0", ling + " thinking, prose, call", "Let me check the time.\n</think>\nChecking it now.\n" + time, paris,
                        "Let me check the time.", "Checking it now."),
                v("ling-3.0", ling + " call, prose after it", time + "\nThe time has been checked.", paris, "", ""),
                v("ling-3.0", ling + " parallel calls", "</think>\n" + time + "\n" + time, calls("get_time", "{\"city\": \"Paris\"}", "get_time",
                        "{\"city\": \"Paris\"}"), "", ""),
                v("ling-3.0", ling + " marker-like strings in a value", "check this\n</think>\n<tool_call>tool_2req_4opt\n<arg_key>req1</arg_key>\n"
                                + "<arg_value>contains </think> and <tool_call> strings</arg_value>\n<arg_key>req2</arg_key>\n<arg_value>1</arg_value>\n"
                                + "</tool_call>", calls("tool_2req_4opt", "{\"req1\": \"contains </think> and <tool_call> strings\", \"req2\": 1}"),
                        "check this", ""),
                v("ling-3.0", ling + " reasoning_format none keeps extracting calls", "I need to check the time first.\n" + time, paris, "",
                        "I need to check the time first."),
                v("ling-3.0", ling + " thinking off, content", "Here is the answer.\nNo think block at all.", List.of(), "",
                        "Here is the answer.\nNo think block at all."),
                v("ling-3.0", ling + " thinking off, call", time, paris, "", ""));
    }

    private static String m3(String reasoning, String... invokes) {
        String sep = "]<]minimax[>[";
        StringBuilder out = new StringBuilder(reasoning == null ? "</mm:think>" : "<mm:think>" + reasoning + "</mm:think>");
        out.append(sep).append("<tool_call>\n");
        for (String invoke : invokes) {
            out.append(invoke);
        }
        return out.append(sep).append("</tool_call>").toString();
    }

    /** One MiniMax-M3 invoke; {@code elements} is the argument markup without separators, each tag then prefixed with one. */
    private static String m3Invoke(String name, String elements) {
        String sep = "]<]minimax[>[";
        return sep + "<invoke name=\"" + name + "\">" + elements.replace("<", sep + "<") + sep + "</invoke>\n";
    }

    private static List<Vector> miniMaxM3() {
        String t = "MiniMax-M3.jinja";
        String f = "minimax-m3";
        return List.of(
                v(f, t + " content after a bare </mm:think>", "</mm:think>" + HELLO, List.of(), "", HELLO),
                v(f, t + " thinking, content", "<mm:think>I'm\nthinking</mm:think>" + HELLO, List.of(), THINKING, HELLO),
                v(f, t + " thinking, call (string)", m3("Let me check the time", m3Invoke("get_time", "<city>Tokyo</city>")),
                        calls("get_time", "{\"city\": \"Tokyo\"}"), "Let me check the time", ""),
                v(f, t + " call (integer)", m3(null, m3Invoke("special_function", "<arg1>1</arg1>")), SPECIAL, "", ""),
                v(f, t + " call without parameters", m3("Let's call a tool:", m3Invoke("empty_args", "")), calls("empty_args", "{}"),
                        "Let's call a tool:", ""),
                v(f, t + " two calls in one block", m3("Calling both", m3Invoke("get_time", "<city>Paris</city>"), m3Invoke("get_weather", "<city>Paris</city>")),
                        calls("get_time", "{\"city\": \"Paris\"}", "get_weather", "{\"city\": \"Paris\"}"), "Calling both", ""),
                v(f, t + " content before the call block", "<mm:think>Thinking about it</mm:think>Let me call the function." + m3(null,
                        m3Invoke("special_function", "<arg1>1</arg1>")).substring("</mm:think>".length()), SPECIAL, "Thinking about it",
                        "Let me call the function."),
                v(f, t + " negative number", m3("Test negative", m3Invoke("magic_int", "<ref>-14</ref>")), calls("magic_int", "{\"ref\": -14}"),
                        "Test negative", ""),
                v(f, t + " decimal number", m3("Test decimal", m3Invoke("amount", "<orig>3.14</orig>")), calls("amount", "{\"orig\": 3.14}"),
                        "Test decimal", ""),
                v(f, t + " boolean", m3("Test boolean", m3Invoke("toggle", "<enabled>true</enabled>")), calls("toggle", "{\"enabled\": true}"),
                        "Test boolean", ""),
                v(f, t + " mixed parameters", m3("Multi-arg call", m3Invoke("magic_int", "<ref>42</ref><name>foo bar</name>")),
                        calls("magic_int", "{\"ref\": 42, \"name\": \"foo bar\"}"), "Multi-arg call", ""),
                v(f, t + " nested object", m3("Nested object", m3Invoke("imaginary_number", "<number><real>1.5</real><imaginary>-2.5</imaginary></number>")),
                        calls("imaginary_number", "{\"number\": {\"real\": 1.5, \"imaginary\": -2.5}}"), "Nested object", ""),
                v(f, t + " nested arrays", m3("Nested arrays", m3Invoke("nested_args", "<tags><item>alpha</item><item>beta</item></tags>"
                                + "<entries><item><id>1</id><label>one</label></item></entries>")),
                        calls("nested_args", "{\"tags\": [\"alpha\", \"beta\"], \"entries\": [{\"id\": 1, \"label\": \"one\"}]}"), "Nested arrays", ""),
                v(f, t + " union array", m3("Union array", m3Invoke("union_args", "<filter><item>alpha</item><item>beta</item></filter>")),
                        calls("union_args", "{\"filter\": [\"alpha\", \"beta\"]}"), "Union array", ""),
                v(f, t + " union scalar", m3("Union scalar", m3Invoke("union_args", "<limit>5</limit>")), calls("union_args", "{\"limit\": 5}"),
                        "Union scalar", ""),
                v(f, t + " union nested", m3("Union nested", m3Invoke("union_args", "<limit><max>10</max></limit>")),
                        calls("union_args", "{\"limit\": {\"max\": 10}}"), "Union nested", ""),
                v(f, t + " union string", m3("Union string", m3Invoke("union_args", "<label>hi</label>")), calls("union_args", "{\"label\": \"hi\"}"),
                        "Union string", ""),
                differs(f, t + " union string that looks structured", m3("Union string", m3Invoke("union_args", "<label><text>hi</text></label>")),
                        calls("union_args", "{\"label\": {\"text\": \"hi\"}}"), "Union string", "",
                        TYPED + "nested elements are an object here where the schema's string alternative makes llama.cpp keep the markup"),
                v(f, t + " empty reasoning, call", "<mm:think></mm:think>" + m3(null, m3Invoke("get_time", "<city>XYZCITY</city>")).substring(
                        "</mm:think>".length()), calls("get_time", "{\"city\": \"XYZCITY\"}"), "", ""));
    }

    private static List<Vector> jsonWrapped() {
        String nano = "NVIDIA-Nemotron-Nano-v2.jinja";
        String plus = "CohereForAI-c4ai-command-r-plus-tool_use.jinja";
        String reka = "Reka-Edge.jinja";
        String a15 = "unsloth-Apriel-1.5.jinja";
        String a16 = "Apriel-1.6-15b-Thinker-fixed.jinja";
        String g3 = "GigaChat3-10B-A1.8B.jinja";
        String g31 = "GigaChat3.1-10B-A1.8B.jinja";
        String cpm = "openbmb-MiniCPM5-1B.jinja";
        String hermes = "<tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}</tool_call>";
        String hermesNl = "<tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}\n</tool_call>";
        String time = "<tool_call>\n{\"name\": \"get_time\", \"arguments\": {\"city\": \"XYZCITY\"}}</tool_call>";
        List<String[]> two = calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}");
        String apriel = "Here are my reasoning steps:\n";
        String aprielDiff = "Apriel 1.6's prompt ends with \"" + apriel.strip() + "\", which llama.cpp puts in the reasoning; ibench sees only the output";
        return List.of(
                v("nemotron-nano-v2", nano + " thinking, <TOOLCALL>", "I'm\nthinking\n</think>\n<TOOLCALL>[{\"name\": \"special_function\", \"arguments\": "
                        + "{\"arg1\": 1}}]</TOOLCALL>", SPECIAL, THINKING, ""),
                v("nemotron-nano-v2", nano + " thinking, <TOOLCALL>, newline", "I'm\nthinking\n</think>\n\n<TOOLCALL>[{\"name\": \"special_function\", "
                        + "\"arguments\": {\"arg1\": 1}}]</TOOLCALL>\n", SPECIAL, THINKING, ""),
                v("command-r7b", "CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja second block: response", "<|START_RESPONSE|>" + HELLO
                        + "<|END_RESPONSE|>", List.of(), "", HELLO),
                v("command-r7b", "CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja second block: thinking, action", "<|START_THINKING|>I'm\nthinking"
                        + "<|END_THINKING|><|START_ACTION|>[\n    {\"tool_call_id\": \"0\", \"tool_name\": \"special_function\", \"parameters\": "
                        + "{\"arg1\": 1}}\n]<|END_ACTION|>", SPECIAL, THINKING, ""),
                v("command-r-plus", plus + " content", "<|CHATBOT_TOKEN|>" + HELLO + "<|END_OF_TURN_TOKEN|>", List.of(), "", HELLO),
                v("command-r-plus", plus + " Action: fenced JSON", "Action:\n```json\n[{\"tool_name\": \"special_function\", \"parameters\": {\"arg1\": 1}}]\n```",
                        SPECIAL, "", null),
                v("reka-edge", reka + " call", hermes, SPECIAL, "", ""),
                v("reka-edge", reka + " call, string", time, calls("get_time", "{\"city\":\"XYZCITY\"}"), "", ""),
                v("reka-edge", reka + " thinking, call", "I'm\nthinking\n</think>\n\n" + hermes, SPECIAL, THINKING, ""),
                v("reka-edge", reka + " two calls", hermes + "<tool_call>\n{\"name\": \"special_function_with_opt\", \"arguments\": {\"arg1\": 1, \"arg2\": 2}}"
                        + "</tool_call>", two, "", ""),
                v("reka-edge", reka + " thinking, content, call", "I need to call a function\n</think>\n\nLet me check the time." + time,
                        calls("get_time", "{\"city\":\"XYZCITY\"}"), "I need to call a function", "Let me check the time."),
                differs("reka-edge", reka + " partial call", "<tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg1\":", List.of(), "", null,
                        PARTIAL),
                v("reka-edge", reka + " empty arguments", "<tool_call>\n{\"name\": \"empty_args\", \"arguments\": {}}</tool_call>", calls("empty_args", "{}"),
                        "", ""),
                v("reka-edge", reka + " empty arguments, no schema", "<tool_call>\n{\"name\": \"empty_args_no_schema\", \"arguments\": {}}</tool_call>",
                        calls("empty_args_no_schema", "{}"), "", ""),
                v("reka-edge", reka + " call drafted in reasoning", "Let me think about <tool_call>\n{\"name\": \"special_function\", \"arguments\": "
                                + "{\"arg1\": 2}}</tool_call> hmm\n</think>\n\n" + hermes, SPECIAL,
                        "Let me think about <tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg1\": 2}}</tool_call> hmm", ""),
                v("reka-edge", reka + " second block: content", HELLO, List.of(), "", HELLO),
                v("reka-edge", reka + " second block: thinking, content", "I'm\nthinking\n</think>\n\n" + HELLO, List.of(), THINKING, HELLO),
                v("reka-edge", reka + " second block: call", hermesNl, SPECIAL, "", ""),
                v("reka-edge", reka + " second block: content, call", HELLO + "\n" + hermesNl, SPECIAL, "", HELLO),
                v("reka-edge", reka + " second block: thinking, call", "I'm\nthinking\n</think>\n\n" + hermesNl, SPECIAL, THINKING, ""),
                v("reka-edge", reka + " second block: two calls", hermesNl + "\n<tool_call>\n{\"name\": \"special_function_with_opt\", \"arguments\": "
                        + "{\"arg1\": 1, \"arg2\": 2}}\n</tool_call>", two, "", ""),
                differs("reka-edge", reka + " second block: partial call", "<tool_call>\n{\"name\": \"special_function\", \"arguments\": {\"arg", List.of(),
                        "", null, PARTIAL),
                v("apriel-1.5", a15 + " content", HELLO, List.of(), "", HELLO),
                v("apriel-1.5", a15 + " <tool_calls>", "<tool_calls>[{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}]</tool_calls>", SPECIAL,
                        "", ""),
                differs("apriel-1.6", a16 + " thinking, [BEGIN FINAL RESPONSE], content", "I'm\nthinking\n[BEGIN FINAL RESPONSE]\n" + HELLO, List.of(),
                        THINKING, HELLO, aprielDiff),
                differs("apriel-1.6", a16 + " thinking, [BEGIN FINAL RESPONSE], call", "I'm\nthinking\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{\"name\": "
                        + "\"special_function\", \"arguments\": {\"arg1\": 1}}]</tool_calls>", SPECIAL, THINKING, "", aprielDiff),
                v("gigachat-3", g3 + " content", HELLO, List.of(), "", HELLO),
                v("gigachat-3", g3 + " function call", "<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"special_function\", \"arguments\": "
                        + "{\"arg1\": 1}}", SPECIAL, "", null),
                v("gigachat-3", g3 + " content, function call", HELLO + "<|message_sep|>\n\nfunction call<|role_sep|>\n{\"name\": \"special_function\", "
                        + "\"arguments\": {\"arg1\": 1}}", SPECIAL, "", HELLO),
                v("gigachat-3.1", g31 + " content", HELLO, List.of(), "", HELLO),
                v("gigachat-3.1", g31 + " <|function_call|>", "<|function_call|>{\"name\": \"special_function\", \"arguments\": {\"arg1\": 1}}", SPECIAL, "",
                        null),
                v("gigachat-3.1", g31 + " content, <|function_call|>", HELLO + "<|function_call|>{\"name\": \"special_function\", \"arguments\": "
                        + "{\"arg1\": 1}}", SPECIAL, "", HELLO),
                v("minicpm-5", cpm + " content", HELLO, List.of(), "", HELLO),
                v("minicpm-5", cpm + " call", "<function name=\"python\"><param name=\"code\">print('Hello, World!')</param></function>",
                        calls("python", "{\"code\": \"print('Hello, World!')\"}"), "", ""),
                v("minicpm-5", cpm + " call without arguments", "<function name=\"empty_args\"></function>", calls("empty_args", "{}"), "", ""),
                v("minicpm-5", cpm + " call, parallel allowed", "<function name=\"python\"><param name=\"code\">print('x')</param></function>",
                        calls("python", "{\"code\": \"print('x')\"}"), "", ""),
                v("minicpm-5", cpm + " CDATA value", "<function name=\"html\"><param name=\"markup\"><![CDATA[<a href=\"/x\">hi</a> </param>]]></param>"
                        + "</function>", calls("html", "{\"markup\": \"<a href=\\\"/x\\\">hi</a> </param>\"}"), "", ""),
                v("minicpm-5", cpm + " thinking, call", "I'm thinking</think><function name=\"python\"><param name=\"code\">print('hey')</param></function>",
                        calls("python", "{\"code\": \"print('hey')\"}"), "I'm thinking", ""),
                v("minicpm-5", cpm + " two calls", "<function name=\"python\"><param name=\"code\">print('x')</param></function>\n<function name=\"python\">"
                        + "<param name=\"code\">print('y')</param></function>", calls("python", "{\"code\": \"print('x')\"}", "python",
                        "{\"code\": \"print('y')\"}"), "", ""));
    }

    private static List<Vector> channels() {
        String muse = "muse-glimmer.jinja";
        String jp = "llm-jp-llm-jp-4.1-8b-thinking.jinja";
        String atem = "<atem:function_calls>\n<atem:invoke name=\"special_function\">\n<atem:parameter name=\"arg1\">1</atem:parameter>\n</atem:invoke>\n"
                + "</atem:function_calls>";
        String invoice = "{\"amount\": 123.45, \"date\": \"2025-12-03\"}";
        return List.of(
                v("muse-glimmer", muse + " to=user", " to=user<|message|>" + HELLO + "<|eot|>", List.of(), "", HELLO),
                v("muse-glimmer", muse + " to=NAME call", " to=special_function<|message|>" + atem, SPECIAL, "", ""),
                v("muse-glimmer", muse + " to=user, then call", " to=user<|message|>" + HELLO + "<|eom|><|start|>assistant to=special_function<|message|>"
                        + atem, SPECIAL, "", HELLO),
                differs("muse-glimmer", muse + " call markup quoted in the answer", " to=user<|message|>You invoke it like this:\n" + atem + "<|eot|>",
                        SPECIAL, "", "You invoke it like this:", "llama.cpp reads markup inside a to=user message as text; ibench reads calls "
                                + "wherever they stand in the answer (only reasoning is never read), so this counts as a call"),
                v("muse-glimmer", muse + " invoice JSON schema", " to=user<|message|>" + invoice, List.of(), "", invoice),
                v("muse-glimmer", muse + " to=self reasoning, JSON answer", " to=self<|message|>I need to output the invoice details in JSON<|eom|>"
                        + "<|start|>assistant to=user<|message|>" + invoice, List.of(), "I need to output the invoice details in JSON", invoice),
                v("muse-glimmer", muse + " call markup in reasoning", " to=self<|message|>I could use " + atem + " here<|eom|><|start|>assistant "
                        + "to=user<|message|>Hello!<|eot|>", List.of(), "I could use " + atem + " here", "Hello!"),
                v("llm-jp-4.1", jp + " final", "<|channel|> final<|message|> " + HELLO, List.of(), "", HELLO),
                differs("llm-jp-4.1", jp + " final, padded", "<|channel|> final<|message|>  padded", List.of(), "", "padded",
                        "llama.cpp keeps a second leading space (\" padded\"); ibench strips whitespace around the answer"),
                v("llm-jp-4.1", jp + " analysis, final", "<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant<|channel|> final"
                        + "<|message|> " + HELLO, List.of(), THINKING, HELLO),
                v("llm-jp-4.1", jp + " analysis cut off", "<|channel|> analysis<|message|> I'm\nthinking", List.of(), THINKING, ""),
                v("llm-jp-4.1", jp + " analysis, call", "<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant to=functions.special_function"
                        + "<|channel|> commentary <|constrain|>  json<|message|> {\"arg1\": 1}", SPECIAL, THINKING, ""),
                v("llm-jp-4.1", jp + " commentary call", "<|channel|> commentary to=functions.special_function<|message|> {\"arg1\": 1}", SPECIAL, "", ""),
                v("llm-jp-4.1", jp + " analysis, two calls", "<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant "
                                + "to=functions.special_function<|channel|> commentary <|constrain|>  json<|message|> {\"arg1\": 1}<|end|><|start|> assistant "
                                + "to=functions.special_function<|channel|> commentary <|constrain|>  json<|message|> {\"arg1\": 2}",
                        calls("special_function", "{\"arg1\": 1}", "special_function", "{\"arg1\": 2}"), THINKING, ""),
                v("llm-jp-4.1", jp + " invoice JSON schema", "<|channel|> analysis<|message|> I need to output the invoice details in JSON<|end|><|start|> "
                        + "assistant<|channel|> final <|constrain|>  json<|message|> " + invoice, List.of(), "I need to output the invoice details in JSON",
                        invoice));
    }

    private static String xml(String reasoning, String name, String... argValues) {
        StringBuilder out = new StringBuilder(reasoning).append("\n</think>\n<tool_call>\n<function=").append(name).append(">\n");
        for (int i = 0; i < argValues.length; i += 2) {
            out.append("<parameter=").append(argValues[i]).append(">\n").append(argValues[i + 1]).append("\n</parameter>\n");
        }
        return out.append("</function>\n</tool_call>").toString();
    }

    private static List<Vector> stepFun() {
        String t = "StepFun3.5-Flash.jinja";
        String f = "stepfun-3.5";
        return List.of(
                v(f, t + " thinking, content", "I was thinking\n</think>\nNow I'm not.", List.of(), "I was thinking", "Now I'm not."),
                differs(f, t + " magic, digits for a string parameter", xml("Let me call the magic tool", "magic", "name", "fooBar", "ref", "5123123"),
                        calls("magic", "{\"name\": \"fooBar\", \"ref\": 5123123}"), "Let me call the magic tool", "",
                        TYPED + "digits are a number where the schema says string (same name and value as written)"),
                v(f, t + " special_function", xml("Let me call the special function", "special_function", "arg1", "42555916"),
                        calls("special_function", "{\"arg1\": 42555916}"), "Let me call the special function", ""),
                v(f, t + " special_function_with_opt", xml("Let me call the special function with opt", "special_function_with_opt", "arg1", "42555916"),
                        calls("special_function_with_opt", "{\"arg1\": 42555916}"), "Let me call the special function with opt", ""),
                v(f, t + " magic_int", xml("Let me call the magic_int function", "magic_int", "ref", "42555916", "name", "baz"),
                        calls("magic_int", "{\"ref\": 42555916, \"name\": \"baz\"}"), "Let me call the magic_int function", ""),
                v(f, t + " empty string", "Call string_param with empty text\n</think>\n<tool_call>\n<function=string_param>\n<parameter=text>\n\n</parameter>\n"
                        + "</function>\n</tool_call>", calls("string_param", "{\"text\": \"\"}"), "Call string_param with empty text", ""),
                differs(f, t + " simple quoted and unquoted", xml("Test simple quoted unquoted", "quoted_unquoted", "quoted", "\"foo\"", "unquoted", "foo"),
                        calls("quoted_unquoted", "{\"quoted\": \"foo\", \"unquoted\": \"foo\"}"), "Test simple quoted unquoted", "",
                        TYPED + "a quoted value is the JSON string it spells where the schema keeps the quotes"),
                differs(f, t + " complex quoted and unquoted", xml("Test complex quoted unquoted", "quoted_unquoted", "quoted", "\"printf(\\\"foo\\\");\"",
                                "unquoted", "printf(\"foo\");"), calls("quoted_unquoted", "{\"quoted\": \"printf(\\\"foo\\\");\", \"unquoted\": \"printf(\\\"foo\\\");\"}"),
                        "Test complex quoted unquoted", "", TYPED + "a quoted value is the JSON string it spells where the schema keeps the quotes"),
                v(f, t + " negative number", xml("Test negative number", "magic_int", "ref", "-14"), calls("magic_int", "{\"ref\": -14}"),
                        "Test negative number", ""),
                v(f, t + " decimal number", xml("Test decimal number", "amount", "orig", "3.14"), calls("amount", "{\"orig\": 3.14}"), "Test decimal number", ""),
                v(f, t + " object", xml("Test imaginary number", "imaginary_number", "number", "{ \"real\": 3.14, \"imaginary\": 2.71 }"),
                        calls("imaginary_number", "{\"number\": {\"real\": 3.14, \"imaginary\": 2.71}}"), "Test imaginary number", ""));
    }

    private static List<Vector> lfm2() {
        List<Vector> out = new ArrayList<>();
        for (String t : List.of("LFM2-8B-A1B.jinja", "LFM2.5-Instruct.jinja", "LFM2.5-8B-A1B.jinja")) {
            String f = "lfm2";
            String s = "<|tool_call_start|>[";
            String e = "]<|tool_call_end|>";
            out.addAll(List.of(
                    v(f, t + " content", HELLO, List.of(), "", HELLO),
                    v(f, t + " call", s + "special_function(arg1=1)" + e, SPECIAL, "", ""),
                    v(f, t + " string", s + "get_time(city=\"XYZCITY\")" + e, calls("get_time", "{\"city\":\"XYZCITY\"}"), "", ""),
                    v(f, t + " True", s + "toggle(enabled=True)" + e, calls("toggle", "{\"enabled\": true}"), "", ""),
                    v(f, t + " None", s + "set_nullable(value=None)" + e, calls("set_nullable", "{\"value\": null}"), "", ""),
                    v(f, t + " dict with True", s + "set_config(config={\"enabled\": True, \"count\": 3})" + e,
                            calls("set_config", "{\"config\": {\"enabled\": true, \"count\": 3}}"), "", ""),
                    v(f, t + " dict with JSON true and null", s + "set_config(config={\"enabled\": true, \"note\": null})" + e,
                            calls("set_config", "{\"config\": {\"enabled\": true, \"note\": null}}"), "", ""),
                    v(f, t + " dotted name, list and dict", s + "Calendar.create_event(title=\"demo\", participants=[\"Alice\", \"Bob\"], metadata="
                                    + "{\"priority\": \"high\", \"reminder\": true})" + e, calls("Calendar.create_event", "{\"title\": \"demo\", \"participants\": "
                                    + "[\"Alice\", \"Bob\"], \"metadata\": {\"priority\": \"high\", \"reminder\": true}}"), "", ""),
                    v(f, t + " markdown links are text", "Use this format: [link text](url). Example: [Wikipedia](https://www.wikipedia.org).", List.of(), "",
                            "Use this format: [link text](url). Example: [Wikipedia](https://www.wikipedia.org)."),
                    v(f, t + " code with escaped newline", s + "python(code=\"def hello():\\n    print('hey')\")" + e,
                            calls("python", "{\"code\": \"def hello():\\n    print('hey')\"}"), "", ""),
                    v(f, t + " code with escaped tab", s + "python(code=\"First line\\nSecond line\\tindented\")" + e,
                            calls("python", "{\"code\": \"First line\\nSecond line\\tindented\"}"), "", ""),
                    v(f, t + " code with escaped quotes", s + "python(code=\"print(\\\"hi\\\")\")" + e, calls("python", "{\"code\": \"print(\\\"hi\\\")\"}"), "",
                            ""),
                    v(f, t + " content, call", "Let me check the time." + s + "get_time(city=\"Paris\")" + e, calls("get_time", "{\"city\":\"Paris\"}"), "",
                            "Let me check the time."),
                    v(f, t + " two calls", s + "special_function(arg1=1), special_function_with_opt(arg1=1, arg2=2)" + e,
                            calls("special_function", "{\"arg1\": 1}", "special_function_with_opt", "{\"arg1\": 1, \"arg2\": 2}"), "", ""),
                    differs(f, t + " partial call", s + "special_function(arg1=", List.of(), "", null, PARTIAL),
                    v(f, t + " no arguments", s + "empty_args()" + e, calls("empty_args", "{}"), "", "")));
        }
        String t = "LFM2.5-8B-A1B.jinja";
        String call = "<|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|>";
        out.addAll(List.of(
                v("lfm2", t + " thinking, call", "<think>I'm\nthinking</think>" + call, SPECIAL, THINKING, ""),
                v("lfm2", t + " thinking, content, call", "<think>I need to call a function</think>Let me check the time.<|tool_call_start|>"
                        + "[get_time(city=\"Paris\")]<|tool_call_end|>", calls("get_time", "{\"city\":\"Paris\"}"), "I need to call a function",
                        "Let me check the time."),
                v("lfm2", t + " call drafted in reasoning", "<think>Let me think about " + call + " hmm</think>" + call, SPECIAL,
                        "Let me think about " + call + " hmm", ""),
                v("lfm2", t + " thinking, content", "<think>I'm\nthinking</think>" + HELLO, List.of(), THINKING, HELLO),
                v("lfm2", t + " thinking, call (thinking on)", "<think>I'm\nthinking</think>" + call, SPECIAL, THINKING, "")));
        return out;
    }

    private static List<Vector> kimiK3() {
        String t = "Kimi-K3.jinja";
        String f = "kimi-k3";
        String resp = "<|open|>response<|sep|>";
        String endResp = "<|close|>response<|sep|>";
        String end = "<|close|>message<|sep|>";
        String one = "<|open|>call tool=\"special_function\" index=\"1\"<|sep|><|open|>argument key=\"arg1\" type=\"number\"<|sep|>1<|close|>argument<|sep|>"
                + "<|close|>call<|sep|>";
        String opt = "<|open|>call tool=\"special_function_with_opt\" index=\"2\"<|sep|><|open|>argument key=\"arg1\" type=\"number\"<|sep|>1"
                + "<|close|>argument<|sep|><|open|>argument key=\"arg2\" type=\"number\"<|sep|>2<|close|>argument<|sep|><|close|>call<|sep|>";
        String tools = "<|open|>tools<|sep|>";
        String endTools = "<|close|>tools<|sep|>";
        return List.of(
                v(f, t + " response", resp + HELLO + endResp + end, List.of(), "", HELLO),
                v(f, t + " thinking (opened by the prompt), response", "I'm thinking about this<|close|>think<|sep|>" + resp + HELLO + endResp + end, List.of(),
                        "I'm thinking about this", HELLO),
                v(f, t + " response naming the tags", resp + "Use the response tag, then message the handler." + endResp + end, List.of(), "",
                        "Use the response tag, then message the handler."),
                differs(f, t + " thinking cut off by the budget", "I was still thinking when the budget ran out", List.of(), "",
                        "I was still thinking when the budget ran out", PREFILLED),
                v(f, t + " call", resp + endResp + tools + one + endTools + end, SPECIAL, "", ""),
                v(f, t + " thinking, response, call", "I should call it<|close|>think<|sep|>" + resp + "On it." + endResp + tools + one + endTools + end,
                        SPECIAL, "I should call it", "On it."),
                v(f, t + " call with two arguments", resp + endResp + tools + opt.replace("index=\"2\"", "index=\"1\"") + endTools + end,
                        calls("special_function_with_opt", "{\"arg1\":1,\"arg2\":2}"), "", ""),
                v(f, t + " two calls", resp + endResp + tools + one + opt + endTools + end,
                        calls("special_function", "{\"arg1\":1}", "special_function_with_opt", "{\"arg1\":1,\"arg2\":2}"), "", ""),
                v(f, t + " string argument", resp + endResp + tools + "<|open|>call tool=\"python\" index=\"1\"<|sep|><|open|>argument key=\"code\" "
                        + "type=\"string\"<|sep|>print('hey')<|close|>argument<|sep|><|close|>call<|sep|>" + endTools + end,
                        calls("python", "{\"code\":\"print('hey')\"}"), "", ""));
    }

    /** Gemma 2 has no tool calls: its one parser vector is plain content. */
    static Vector gemma2() {
        return v("gemma2", "google-gemma-2-2b-it.jinja content", HELLO, List.of(), "", HELLO);
    }
}
