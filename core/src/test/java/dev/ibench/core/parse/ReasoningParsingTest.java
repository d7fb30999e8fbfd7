package dev.ibench.core.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.metrics.SequenceErrorClassifier;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reasoning is taken out before any stage reads the output: hand-written cases of issue 31. */
class ReasoningParsingTest {
    private final ParserChain chain = ParserChains.defaultChain();

    @Test
    void toolCallDraftedInsideThinkIsNotACall() {
        String out = """
                <think>
                The user wants the tallest hero. Maybe <tool_call>{"name": "drop_table", "arguments": {"t": "heroes"}}</tool_call>? No.
                </think>

                <tool_call>
                {"name": "get_height", "arguments": {"name": "Batman"}}
                </tool_call>""";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.stage()).isEqualTo("xml_tool_call");
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
        assertThat(ReasoningSeparator.split(out).reasoning()).contains("drop_table").doesNotContain("get_height");
    }

    @Test
    void bracketsInReasoningDoNotWidenTheJsonSpan() {
        String out = "<think>Options: [a, b] or [c]</think>\n[{\"name\": \"f\", \"arguments\": {\"x\": 1}}]";
        ParsedOutput p = chain.parse(out);
        assertThat(p.calls()).containsExactly(new ToolCall("f", Map.of("x", 1), null));
        assertThat(p.stage()).isEqualTo("json");
    }

    @Test
    void cutOffInsideThinkIsReasoningOnlyAndNeverACall() {
        String out = "<think>\nFirst I call <tool_call>{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}</tool_call> and then";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.REASONING_ONLY);
        assertThat(p.calls()).isEmpty();
        assertThat(p.problem()).contains("ended inside its reasoning");
        assertThat(ReasoningSeparator.split(out).cutInReasoning()).isTrue();
        assertThat(SequenceErrorClassifier.classify(p, List.of(new ToolCall("get_height", Map.of(), null)), List.of()).category())
                .isEqualTo(BfclErrorCategory.INSTRUCTION_ALIGNMENT_FAILURE);
    }

    @Test
    void reasoningReturnedApartWithEmptyContentIsReasoningOnly() {
        ParsedOutput p = chain.parse("", "Let me think about which tool");
        assertThat(p.status()).isEqualTo(ParseStatus.REASONING_ONLY);
        assertThat(chain.parse("", null).status()).isEqualTo(ParseStatus.UNPARSEABLE);
        assertThat(chain.parse("[{\"name\": \"f\", \"arguments\": {}}]", "thinking").status()).isEqualTo(ParseStatus.PARSED);
    }

    @Test
    void deepSeekR1CallAfterForcedOpenThink() {
        String out = "The user asks for heights, so <｜tool▁call▁begin｜> would be wrong here.</think>\n\n<｜tool▁calls▁begin｜>"
                + "<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_height\n```json\n{\"name\": \"Batman\"}\n```<｜tool▁call▁end｜>"
                + "<｜tool▁calls▁end｜>";
        ParsedOutput p = chain.parse(out);
        assertThat(p.stage()).isEqualTo("deepseek_tool_calls");
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
    }

    @Test
    void harmonyWithTwoCalls() {
        String out = "<|channel|>analysis<|message|>I should call get_height for both heroes. Maybe to=functions.delete? no.<|end|>"
                + "<|start|>assistant<|channel|>commentary to=functions.get_height <|constrain|>json<|message|>{\"name\": \"Batman\"}<|call|>"
                + "<|start|>assistant<|channel|>commentary to=functions.compare <|constrain|>json<|message|>{\"a\": \"$1\", \"b\": 180}<|call|>";
        ParsedOutput p = chain.parse(out);
        assertThat(p.status()).isEqualTo(ParseStatus.PARSED);
        assertThat(p.stage()).isEqualTo("harmony");
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null),
                new ToolCall("compare", Map.of("a", "$1", "b", 180), null));
        assertThat(ReasoningSeparator.split(out).reasoning()).startsWith("I should call get_height");
    }

    @Test
    void harmonyFinalAnswerWithoutACall() {
        String out = "<|channel|>analysis<|message|>No tool fits; answer directly.<|end|>"
                + "<|start|>assistant<|channel|>final<|message|>Batman is 188 cm tall.<|return|>";
        ParsedOutput p = chain.parse(out);
        assertThat(p.calls()).isEmpty();
        assertThat(p.status()).isEqualTo(ParseStatus.UNPARSEABLE); // prose, like any answer in prose
        ReasoningSplit split = ReasoningSeparator.split(out);
        assertThat(split.answer()).isEqualTo("Batman is 188 cm tall.");
        assertThat(split.reasoning()).isEqualTo("No tool fits; answer directly.");
    }

    @Test
    void harmonyFinalChannelHoldingACallListIsParsedByTheJsonStages() {
        String out = "<|channel|>analysis<|message|>[1, 2] are ids<|end|><|start|>assistant<|channel|>final<|message|>"
                + "[{\"name\": \"f\", \"arguments\": {\"ids\": [1, 2]}}]<|return|>";
        ParsedOutput p = chain.parse(out);
        assertThat(p.stage()).isEqualTo("json");
        assertThat(p.calls()).containsExactly(new ToolCall("f", Map.of("ids", List.of(1, 2)), null));
    }

    @Test
    void harmonyCutInAnalysisIsReasoningOnly() {
        ParsedOutput p = chain.parse("<|channel|>analysis<|message|>We need to call to=functions.get_height with");
        assertThat(p.status()).isEqualTo(ParseStatus.REASONING_ONLY);
        assertThat(p.calls()).isEmpty();
    }

    @Test
    void textWithoutReasoningIsUntouched() {
        String out = "Sure: [{\"name\": \"f\", \"arguments\": {}}]";
        ReasoningSplit split = ReasoningSeparator.split(out);
        assertThat(split.answer()).isEqualTo(out);
        assertThat(split.hasReasoning()).isFalse();
    }
}
