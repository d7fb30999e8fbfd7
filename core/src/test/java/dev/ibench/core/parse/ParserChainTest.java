package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParserChainTest {
    private final ParserChain chain = ParserChains.defaultChain();

    private static List<String> names(ParsedOutput p) {
        return p.calls().stream().map(ToolCall::name).toList();
    }

    @Test
    void plainJsonList() {
        ParsedOutput p = chain.parse("[{\"name\": \"f\", \"arguments\": {\"a\": 1}, \"label\": \"X\"}]");
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.stage()).isEqualTo("json");
        assertThat(p.calls()).containsExactly(new ToolCall("f", Map.of("a", 1), "X"));
    }

    @Test
    void jsonWithProseBeforeAndAfterAndNestedBrackets() {
        ParsedOutput p = chain.parse("Sure! Here you go:\n[[{\"name\": \"f\", \"arguments\": {}}, {\"name\": \"g\", \"arguments\": {}}]]\nHope this helps.");
        assertThat(p.stage()).isEqualTo("json");
        assertThat(names(p)).containsExactly("f", "g");
    }

    @Test
    void jsonLinesOneCallPerLine() {
        ParsedOutput p = chain.parse("{\"name\": \"f\", \"arguments\": {\"a\": 1}}\n{\"name\": \"g\", \"arguments\": {}}\n");
        assertThat(p.stage()).isEqualTo("json_lines");
        assertThat(names(p)).containsExactly("f", "g");
    }

    @Test
    void pythonCallSyntaxBfclStyle() {
        ParsedOutput p = chain.parse("[math.factorial(number=5), calc(a=1.5, b=\"x, y\", c=[1, 'two'], d=True, e=None)]");
        assertThat(p.stage()).isEqualTo("python_call");
        assertThat(names(p)).containsExactly("math.factorial", "calc");
        assertThat(p.calls().get(1).arguments()).containsEntry("a", 1.5).containsEntry("b", "x, y")
                .containsEntry("c", List.of(1L, "two")).containsEntry("d", true).containsEntry("e", null);
        assertThat(p.calls().get(0).arguments()).containsEntry("number", 5L);
    }

    @Test
    void qwenXmlBlocksWithDollarBraceReferences() {
        String qwen = "<tool_call>\n{\"name\": \"select_data_equal_to\", \"arguments\": {\"data_source\": \"${starting_table_var}\", \"key_name\": \"races_raceId\", \"value\": 901}, \"label\": \"FILTERED_DF\"}\n</tool_call>\n"
                + "<tool_call>\n{\"name\": \"get_races_years\", \"arguments\": {\"data_source\": \"${FILTERED_DF}\"}, \"label\": \"$RACE_YEAR\"}\n</tool_call>";
        ParsedOutput p = chain.parse(qwen);
        assertThat(p.stage()).isEqualTo("xml_tool_call");
        assertThat(p.calls().get(0).arguments()).containsEntry("data_source", "$starting_table_var$");
        assertThat(p.calls().get(1).arguments()).containsEntry("data_source", "$FILTERED_DF$");
        assertThat(p.calls().get(1).label()).isEqualTo("RACE_YEAR");
    }

    @Test
    void fencedBlocksAreConcatenated() {
        String deepseek = "Step 1:\n```json\n{\"name\": \"a\", \"arguments\": {\"x\": \"C\"}}\n```\nthen\n```json\n{\"name\": \"b\", \"arguments\": {}}\n```";
        ParsedOutput p = chain.parse(deepseek);
        assertThat(p.stage()).isEqualTo("fenced_code_block");
        assertThat(names(p)).containsExactly("a", "b");
    }

    @Test
    void llamaTypeFunctionParametersForm() {
        ParsedOutput p = chain.parse("{\"type\": \"function\", \"name\": \"get_weather\", \"parameters\": {\"city\": \"Paris\"}}");
        assertThat(p.calls()).containsExactly(new ToolCall("get_weather", Map.of("city", "Paris"), null));
    }

    @Test
    void openAiFunctionWrapperWithStringArguments() {
        ParsedOutput p = chain.parse("{\"tool_calls\": [{\"type\": \"function\", \"function\": {\"name\": \"f\", \"arguments\": \"{\\\"a\\\": 2}\"}}]}");
        assertThat(p.calls()).containsExactly(new ToolCall("f", Map.of("a", 2), null));
    }

    @Test
    void pythonLiteralDictsWithNone() {
        ParsedOutput p = chain.parse("[{'name': 'get_most_common_bond_type', 'arguments': {}, 'label': None}]");
        assertThat(p.stage()).isEqualTo("python_literal");
        assertThat(p.calls()).containsExactly(new ToolCall("get_most_common_bond_type", Map.of(), null));
    }

    @Test
    void listOfNamesIsWrongFormatNotAnException() {
        ParsedOutput p = chain.parse("Here is the tool call:\n```json\n[\"get_percentage_most_common_bond_type\"]\n```");
        assertThat(p.status()).isEqualTo(ParseStatus.WRONG_FORMAT);
        assertThat(p.calls()).isEmpty();
        assertThat(p.problem()).contains("not an object");
    }

    @Test
    void malformedItemsAreLeftOutBesideGoodCallsNeverAsNamelessCalls() {
        ParsedOutput p = chain.parse("[{\"name\": \"f\", \"arguments\": {\"a\": 1}}, {\"answer\": 42}]");
        assertThat(p.status()).isEqualTo(ParseStatus.WRONG_FORMAT);
        assertThat(p.calls()).containsExactly(new ToolCall("f", Map.of("a", 1), null));
        assertThat(p.problem()).isEqualTo("item 1 has no string 'name'");
    }

    @Test
    void bareScalarsInProseAreNotToolCalls() {
        assertThat(chain.parse("42").status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(chain.parse("\"The Aristocats\"").status()).isEqualTo(ParseStatus.UNPARSEABLE);
    }

    @Test
    void proseAndTruncatedOutputAreUnparseable() {
        assertThat(chain.parse("To find the card, we can follow these steps: 1. get ids").status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(chain.parse("[{\"name\": \"get_colors_format_v1_").status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(chain.parse("").status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(chain.parse(null).status()).isEqualTo(ParseStatus.UNPARSEABLE);
    }

    @Test
    void emptyListIsParsedAsNoCalls() {
        ParsedOutput p = chain.parse("[]");
        assertThat(p.isParsed()).isTrue();
        assertThat(p.calls()).isEmpty();
    }

    @Test
    void namedChainsAreSelectableAndUnknownNamesRejected() {
        assertThat(ParserChains.named("json").stageNames()).containsExactly("json", "json_lines");
        assertThat(ParserChains.named("json").parse("[f(a=1)]").status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(ParserChains.named("bfcl").parse("[f(a=1)]").stage()).isEqualTo("python_call");
        assertThatThrownBy(() -> ParserChains.named("nope")).hasMessageContaining("unknown parser chain 'nope'");
    }

    @Test
    void dollarReferenceToUnknownNameIsLeftAlone() {
        ParsedOutput p = chain.parse("[{\"name\": \"f\", \"arguments\": {\"price\": \"$5\", \"src\": \"$OTHER\"}}]");
        assertThat(p.calls().get(0).arguments()).containsEntry("price", "$5").containsEntry("src", "$OTHER");
    }

    @Test
    void seedAppendixHExamplesThatThePaperPenalises() {
        String mixtralRunOn = "[{\"name\": \"get_card_status\", \"arguments\": {\"card_name\": \"Cloudchaser Eagle\"}}]\n\n"
                + "USER: What is the format of card \"Cloudchaser Eagle\"?\nASSISTANT:\n"
                + "[{\"name\": \"get_card_format\", \"arguments\": {\"card_name\": \"Cloudchaser Eagle\"}}]\n\n"
                + "USER: What are the colors and format for id range 1-100?\nASSISTANT:\n[{\"name\": \"get_colors_format_v1_";
        assertThat(chain.parse(mixtralRunOn).status()).isEqualTo(ParseStatus.UNPARSEABLE);
        String gpt4oAnswersInstead = "To find the card and artist with the most ruling information, we can follow these steps:\n"
                + "1. Get the card IDs.\n2. Determine which card has the most ruling information.\nLet's start.";
        assertThat(chain.parse(gpt4oAnswersInstead).status()).isEqualTo(ParseStatus.UNPARSEABLE);
    }

    @Test
    void xmlBlockWithPythonCallAndUnclosedLastBlock() {
        ParsedOutput p = chain.parse("<tool_call>\n[f(a=1)]\n</tool_call>\n<tool_call>{\"name\": \"g\", \"arguments\": {}}");
        assertThat(p.stage()).isEqualTo("xml_tool_call");
        assertThat(names(p)).containsExactly("f", "g");
    }
}
