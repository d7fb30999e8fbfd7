package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hand-written cases of {@link Qwen3CoderXmlStage} beside llama.cpp's vectors ({@link LlamaCppChatVectorsTest}). */
class Qwen3CoderXmlStageTest {
    private static ParsedOutput parse(String output) {
        return ParserChains.defaultChain().parse(output);
    }

    @Test
    void aValueIsJsonOnlyWhenItIsOneCompleteJsonValue() {
        ParsedOutput parsed = parse("<tool_call>\n<function=f>\n<parameter=n>\n42\n</parameter>\n<parameter=zip>\n02139\n</parameter>\n"
                + "<parameter=flag>\ntrue\n</parameter>\n<parameter=q>\n42 is the answer\n</parameter>\n</function>\n</tool_call>");
        assertThat(parsed.stage()).isEqualTo("qwen3_coder_xml");
        // "42" is the number 42 even if the tool declares a string (llama.cpp would keep the text: docs/output-parsing.md);
        // 02139 is no JSON number (leading zero), so it stays the text a ZIP code is
        assertThat(parsed.calls().get(0).arguments()).containsExactlyInAnyOrderEntriesOf(
                Map.of("n", 42, "zip", "02139", "flag", true, "q", "42 is the answer"));
    }

    @Test
    void llamasJsonBodyIsLeftToTheFunctionTagStage() {
        ParsedOutput parsed = parse("<function=f>{\"a\": 1}</function>");
        assertThat(new Qwen3CoderXmlStage().extract("<function=f>{\"a\": 1}</function>")).isEmpty();
        assertThat(parsed.stage()).isEqualTo("function_tag");
        assertThat(parsed.calls().get(0).arguments()).isEqualTo(Map.of("a", 1));
    }

    @Test
    void anOutputCutByMaxTokensIsReadAsFarAsItGoes() {
        ParsedOutput parsed = parse("<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n<parameter=b>\nhel");
        assertThat(parsed.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(parsed.calls().get(0).arguments()).isEqualTo(Map.of("a", 1, "b", "hel"));
    }

    @Test
    void aCallDraftedInsideThinkingIsNoCall() {
        ParsedOutput parsed = parse("<think>\n<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>\n</think>\n"
                + "I cannot answer that.");
        assertThat(parsed.calls()).isEmpty();
        assertThat(parsed.status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(parse("<think>\nmaybe f\n</think>\n<tool_call>\n<function=g>\n</function>\n</tool_call>").calls())
                .extracting(c -> c.name()).isEqualTo(List.of("g"));
    }
}
