package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code ibm-reference-rest-FAMILY} chains against the seed authors' single-intent (REST) parsers
 * ({@code api_integrated_llm/helpers/scoring_helper_rest.py} at 823a690). Expected names were obtained by running
 * that repository's {@code parse_output_from_language_models_rest} with a model name of each family and
 * {@code scoring.get_api_contents} on each output ({@code ""}: a call of no name, a malformed item here).
 */
class IbmReferenceRestModeTest {
    private static final String F = "{\"name\": \"f\", \"arguments\": {}}";
    private static final String G = "{\"name\": \"g\", \"arguments\": {}}";

    private static List<String> names(String family, String output) {
        ParsedOutput p = ParserChains.named("ibm-reference-rest-" + family).parse(output);
        List<String> names = new ArrayList<>(p.calls().stream().map(ToolCall::name).toList());
        for (int i = 0; i < p.malformedItems(); i++) {
            names.add("");
        }
        return names;
    }

    @Test
    void llamaReadsPythonCallsAndSkipsEverythingElse() {
        assertThat(names("llama", "[get_x(a=1, b=\"y\"), get_z()]")).containsExactly("get_x", "get_z");
        assertThat(names("llama", "get_x(a=1)")).containsExactly("get_x");
        assertThat(names("llama", "[get_x(a=1), get.y(b=2)]")).containsExactly("get_x");
        assertThat(names("llama", "[" + F + "]")).isEmpty();
        ParsedOutput p = ParserChains.named("ibm-reference-rest-llama").parse("[get_x(a=12, b=\"y\", c='q', d=1.5)]");
        assertThat(p.calls()).containsExactly(new ToolCall("get_x", Map.of("a", 12, "b", "y", "c", "q", "d", 1.5), null));
    }

    @Test
    void mixtralReadsOneJsonListWrappedInBrackets() {
        assertThat(names("mixtral", F)).containsExactly("f");
        assertThat(names("mixtral", F + "'")).containsExactly("f");
        assertThat(names("mixtral", F + ", " + G)).containsExactly("f", "g");
        assertThat(names("mixtral", "```json\n[" + F + "]\n```")).isEmpty();
    }

    @Test
    void deepSeekGptAndHammerReadTheirFirstFence() {
        assertThat(names("deepseek", "```json\n[" + F + "]\n```")).containsExactly("f");
        assertThat(names("gpt", "```json\n[" + F + "]\n```")).containsExactly("f");
        assertThat(names("gpt", "```\n[" + F + "]\n```")).isEmpty();
        assertThat(names("hammer", "```\n[" + F + "]\n```")).containsExactly("f");
        assertThat(names("deepseek", "```json\n" + F + "\n```")).isEmpty();
        assertThat(names("deepseek", "```json\n[\"a\"]\n```")).isEmpty();
        assertThat(ParserChains.named("ibm-reference-rest-deepseek").parse("[" + F + "]").status()).isEqualTo(ParseStatus.UNPARSEABLE);
    }

    @Test
    void qwenTakesTheFirstToolCallBlockAsOneCall() {
        assertThat(names("qwen", "<tool_call>\n" + F + "\n</tool_call>")).containsExactly("f");
        assertThat(names("qwen", "<tool_call>[" + F + "]</tool_call>")).containsExactly("");
        assertThat(names("qwen", "<tool_call>\n{\"name\": \"get_null_x\", \"arguments\": {\"a\": null}}\n</tool_call>")).containsExactly("get_{}_x");
        assertThat(names("qwen", F)).isEmpty();
    }

    @Test
    void otherFamiliesReadToolCallListsOnTheLastLine() {
        assertThat(names("other", "<tool_call>[" + F + "]</tool_call>")).containsExactly("f");
        assertThat(names("other", "text\n<tool_call>[" + F + "]")).containsExactly("f");
        assertThat(names("other", "<tool_call>[" + F + "]\nmore")).isEmpty();
        assertThat(names("other", "<tool_call>[{\\\"name\\\": \\\"f\\\", \\\"arguments\\\": {}}]")).containsExactly("f");
        assertThat(names("other", "<tool_call>[{\"name\": \"f\", \"arguments\": {\"a\": {\"name\": \"h\", \"arguments\": {}}}}, " + G + "]"))
                .containsExactly("f", "g");
        assertThat(names("other", "<tool_call>[{\"name\": \"f\", \"arguments\": {\"a\": {\"b\": 1}}}]")).isEmpty();
        assertThat(names("other", "<tool_call>[" + F + ", {\"name\": \"g\", \"arguments\": \"x\"}]")).containsExactly("f");
        assertThat(names("other", "<tool_call>[{\"name\": \"\u00fc\", \"arguments\": {}}]")).containsExactly("\u00c3\u00bc");
        assertThat(names("other", F)).isEmpty();
    }

    @Test
    void unicodeEscapeFollowsPython() {
        assertThat(ReferenceRestToolCallStage.unicodeEscape("a\\tb\\x41\\u00e9\\101\\q")).hasValue("a\tbA\u00e9A\\q");
        assertThat(ReferenceRestToolCallStage.unicodeEscape("a\\")).isEmpty();
        assertThat(ReferenceRestToolCallStage.unicodeEscape("\\x4")).isEmpty();
    }

    @Test
    void everyFamilyIsAKnownChainAndTheUnknownOneIsNamed() {
        assertThat(ParserChains.names()).contains("ibm-reference-rest-llama", "ibm-reference-rest-mixtral", "ibm-reference-rest-deepseek",
                "ibm-reference-rest-gpt", "ibm-reference-rest-hammer", "ibm-reference-rest-qwen", "ibm-reference-rest-other");
        assertThat(ParserChains.forProfile(List.of("ibm-reference-rest-qwen")).name()).isEqualTo("ibm-reference-rest-qwen");
        assertThatThrownBy(() -> ParserChains.named("ibm-reference-rest-granite")).hasMessageContaining("ibm-reference-rest-other");
        assertThat(ParserChains.named(null).name()).isEqualTo(ParserChains.DEFAULT);
    }
}
