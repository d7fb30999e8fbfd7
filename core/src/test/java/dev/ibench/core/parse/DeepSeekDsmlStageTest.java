package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hand-written cases of {@link DeepSeekDsmlStage} beside llama.cpp's vectors ({@link LlamaCppChatVectorsTest}). */
class DeepSeekDsmlStageTest {
    private static final String OPEN = "<｜DSML｜function_calls>\n<｜DSML｜invoke name=\"f\">\n";
    private static final String CLOSE = "</｜DSML｜invoke>\n</｜DSML｜function_calls>";

    private static String param(String name, String string, String value) {
        return "<｜DSML｜parameter name=\"" + name + "\" string=\"" + string + "\">" + value + "</｜DSML｜parameter>\n";
    }

    @Test
    void theStringMarkDecidesTheType() {
        ParsedOutput parsed = ParserChains.defaultChain().parse(OPEN + param("zip", "true", "42") + param("n", "false", "42")
                + param("bad", "false", "{not json") + param("text", "true", " two spaces ") + CLOSE);
        assertThat(parsed.stage()).isEqualTo("deepseek_dsml");
        assertThat(parsed.calls().get(0).arguments()).containsExactlyInAnyOrderEntriesOf(
                Map.of("zip", "42", "n", 42, "bad", "{not json", "text", " two spaces "));
    }

    @Test
    void anOutputCutByMaxTokensIsReadAsFarAsItGoes() {
        ParsedOutput parsed = ParserChains.defaultChain().parse(OPEN + param("a", "false", "1") + "<｜DSML｜parameter name=\"b\" string=\"true\">Par");
        assertThat(parsed.calls().get(0).arguments()).isEqualTo(Map.of("a", 1, "b", "Par"));
    }

    @Test
    void aCallDraftedInsideThinkingIsNoCall() {
        ParsedOutput parsed = ParserChains.defaultChain().parse("<think>" + OPEN + param("a", "false", "1") + CLOSE + "</think>No call needed.");
        assertThat(parsed.calls()).isEmpty();
        assertThat(parsed.status()).isEqualTo(ParseStatus.UNPARSEABLE);
    }
}
