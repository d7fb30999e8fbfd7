package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The native call formats of the model families the seed evaluates, as they appear in real outputs, through the
 * default chain and through each family's profile chain. No call ever comes out without a name.
 */
class NativeFormatsParserTest {
    private final ParserChain chain = ParserChains.defaultChain();

    private static ParserChain profileChain(String... stages) {
        return ParserChains.forProfile(List.of(stages));
    }

    private static void assertNoNamelessCall(ParsedOutput p) {
        assertThat(p.calls()).allSatisfy(c -> assertThat(c.name()).isNotBlank());
    }

    @Test
    void llamaNativeCallsOnePerLine() {
        String out = """
                {"type": "function", "name": "get_superhero_height", "parameters": {"name": "Batman"}}
                {"type": "function", "name": "compare", "parameters": {"a": "$1", "b": 180}}""";
        ParsedOutput p = profileChain("json", "json_lines", "llama_json", "function_tag", "python_ast").parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.calls()).containsExactly(new ToolCall("get_superhero_height", Map.of("name", "Batman"), null),
                new ToolCall("compare", Map.of("a", "$1", "b", 180), null));
    }

    @Test
    void llamaNativeCallsSeparatedBySemicolonsAndStrayQuotes() {
        String out = "\"{\"type\": \"function\", \"name\": \"filter_data\", \"parameters\": {\"ids\": [1, 2]}}\"; "
                + "{\"type\": \"function\", \"name\": \"sort_data\", \"parameters\": {\"key\": \"height\"}}\"";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.stage()).isEqualTo("llama_json");
        assertThat(p.calls()).containsExactly(new ToolCall("filter_data", Map.of("ids", List.of(1, 2)), null),
                new ToolCall("sort_data", Map.of("key", "height"), null));
        assertNoNamelessCall(p);
    }

    @Test
    void llamaCallQuotedWithEscapedQuotes() {
        ParsedOutput p = chain.parse("\"{\\\"type\\\": \\\"function\\\", \\\"name\\\": \\\"count\\\", \\\"parameters\\\": {\\\"x\\\": 1}}\"");
        assertThat(p.calls()).containsExactly(new ToolCall("count", Map.of("x", 1), null));
    }

    @Test
    void aNestedCallStaysTheArgumentValueOfItsOuterCall() {
        String out = "{\"type\": \"function\", \"name\": \"divide\", \"parameters\": {\"a\": "
                + "{\"type\": \"function\", \"name\": \"count_heroes\", \"parameters\": {}}, \"b\": 2}}\n"
                + "{\"type\": \"function\", \"name\": \"round\", \"parameters\": {\"x\": 1}}";
        ParsedOutput p = chain.parse(out);
        assertThat(p.calls()).extracting(ToolCall::name).containsExactly("divide", "round");
        assertThat(p.calls().get(0).arguments().get("a")).isEqualTo(Map.of("type", "function", "name", "count_heroes", "parameters", Map.of()));
    }

    @Test
    void llamaCustomToolFunctionTags() {
        ParsedOutput p = chain.parse("<function=get_height>{\"name\": \"Batman\"}</function><function=list_heroes>{}</function>");
        assertThat(p.stage()).isEqualTo("function_tag");
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null), new ToolCall("list_heroes", Map.of(), null));
    }

    @Test
    void llamaPythonTagPrefixedJson() {
        ParsedOutput p = chain.parse("<|python_tag|>{\"name\": \"get_height\", \"parameters\": {\"name\": \"Batman\"}}<|eom_id|>");
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
    }

    @Test
    void graniteToolCallToken() {
        ParsedOutput p = profileChain("json", "json_lines", "llama_json", "python_ast", "xml_tool_call")
                .parse("<|tool_call|>[{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}]");
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
    }

    @Test
    void mistralToolCallsToken() {
        ParsedOutput p = profileChain("json", "json_lines", "llama_json", "python_ast")
                .parse("[TOOL_CALLS] [{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}, {\"name\": \"list_heroes\", \"arguments\": {}}]");
        assertThat(p.calls()).extracting(ToolCall::name).containsExactly("get_height", "list_heroes");
    }

    @Test
    void qwenHermesToolCallBlocks() {
        ParsedOutput p = profileChain("json", "json_lines", "llama_json", "python_ast", "xml_tool_call")
                .parse("<tool_call>\n{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}\n</tool_call>\n"
                        + "<tool_call>\n{\"name\": \"list_heroes\", \"arguments\": {}}\n</tool_call>");
        assertThat(p.calls()).extracting(ToolCall::name).containsExactly("get_height", "list_heroes");
    }

    @Test
    void deepSeekNativeToolCalls() {
        String out = "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_height\n```json\n{\"name\": \"Batman\"}\n```"
                + "<｜tool▁call▁end｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>list_heroes\n```json\n{}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>";
        ParsedOutput p = profileChain("deepseek_tool_calls", "fenced_code_block", "json", "json_lines", "llama_json", "python_ast").parse(out);
        assertThat(p.stage()).isEqualTo("deepseek_tool_calls");
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null), new ToolCall("list_heroes", Map.of(), null));
    }

    @Test
    void proseWithAnObjectThatIsNoCallIsNotACall() {
        ParsedOutput p = chain.parse("The hero {Batman} is 188 cm tall; see {\"height\": 188}.");
        assertThat(p.calls()).isEmpty();
        assertThat(p.status()).isNotEqualTo(ParseStatus.PARSED);
    }
}
