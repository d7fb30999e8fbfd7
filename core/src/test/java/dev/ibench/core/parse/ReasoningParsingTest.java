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

    /** Each family's delimiters (from its chat template) hold a decoy call that must not be read; the call after them is. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiterString = " ~ ", value = {
            "[THINK] ~ [/THINK]", "<seed:think> ~ </seed:think>", "<|START_THINKING|> ~ <|END_THINKING|>", "<mm:think> ~ </mm:think>",
            "<|open|>think<|sep|> ~ <|close|>think<|sep|>", "<|inner_prefix|> ~ <|inner_suffix|>", "<|channel>thought\\n ~ <channel|>"})
    void everyFamilysReasoningDelimitersHideADecoyCall(String open, String close) {
        String decoy = "[{\"name\": \"drop_table\", \"arguments\": {}}]";
        String out = open.replace("\\n", "\n") + "Maybe " + decoy + "? No." + close + "[{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}]";
        ParsedOutput p = chain.parse(out);
        assertThat(p.calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
        ReasoningSplit split = ReasoningSeparator.split(out);
        assertThat(split.reasoning()).isEqualTo("Maybe " + decoy + "? No.");
        assertThat(chain.parse(open.replace("\\n", "\n") + "Maybe " + decoy).status()).isEqualTo(ParseStatus.REASONING_ONLY);
    }

    @Test
    void answerWrappersAfterReasoningAreNotContent() {
        ReasoningSplit split = ReasoningSeparator.split("<|START_THINKING|>I'm\nthinking<|END_THINKING|><|START_RESPONSE|>Hello<|END_RESPONSE|>");
        assertThat(split.reasoning()).isEqualTo("I'm\nthinking");
        assertThat(split.answer()).isEqualTo("Hello");
    }

    /** GLM-4.7-Flash and MiniMax-M2: the prompt opened thinking, the output closes it with a bare {@code </think>}. */
    @Test
    void forcedOpenThinkingClosedByABareEndTag() {
        String out = "I could call [{\"name\": \"drop_table\", \"arguments\": {}}] but no.\n</think>\n\n"
                + "[{\"name\": \"get_height\", \"arguments\": {\"name\": \"Batman\"}}]";
        assertThat(chain.parse(out).calls()).containsExactly(new ToolCall("get_height", Map.of("name", "Batman"), null));
        assertThat(ReasoningSeparator.split(out).reasoning()).startsWith("I could call");
    }

    /** A profile whose prompt ends inside thinking: an output that never closes it is reasoning up to its first call block. */
    @Test
    void promptEndingInsideThinkingMakesAnUnclosedOutputReasoning() {
        String cut = "I could call [{\"name\": \"drop_table\", \"arguments\": {}}] but";
        ParserChain opened = chain.separatingReasoning(true);
        assertThat(opened.parse(cut).status()).isEqualTo(ParseStatus.REASONING_ONLY);
        assertThat(chain.parse(cut).calls()).isNotEmpty(); // without the setting the text is an answer
        ReasoningSplit split = ReasoningSeparator.split("Need the height.\n<tool_call>\n{\"name\": \"get_height\", \"arguments\": {}}\n</tool_call>", true);
        assertThat(split.reasoning()).isEqualTo("Need the height.");
        assertThat(split.answer()).startsWith("<tool_call>");
        assertThat(split.cutInReasoning()).isFalse();
        assertThat(ReasoningSeparator.split(cut, true).cutInReasoning()).isTrue();
        assertThat(ReasoningSeparator.split("Thinking</think>answer", true).answer()).isEqualTo("answer");
    }

    /** The ibm-reference chains read reasoning as written, except for a reasoning family's profile. */
    @Test
    void ibmReferenceSeparatesReasoningForReasoningFamiliesOnly() {
        String out = "<think>maybe [{\"name\": \"drop_table\", \"arguments\": {}}]</think>[{\"name\": \"get_height\", \"arguments\": {}}]";
        dev.ibench.core.prompt.ModelProfile qwen3 = dev.ibench.core.prompt.ProfileCatalog.parse(
                "name: q\nprovider: oracle\nfamily: qwen3\nparser: [ibm-reference]\n", "test");
        dev.ibench.core.prompt.ModelProfile llama = dev.ibench.core.prompt.ProfileCatalog.parse(
                "name: l\nprovider: oracle\nfamily: llama3\nparser: [ibm-reference]\n", "test");
        assertThat(ParserChains.forProfile(qwen3.parser(), qwen3.family(), qwen3.promptOpensThinking()).parse(out).calls()).extracting(ToolCall::name).containsExactly("get_height");
        assertThat(ParserChains.forProfile(llama.parser(), llama.family(), llama.promptOpensThinking()).separatesReasoning()).isFalse();
        assertThat(ParserChains.forProfile(qwen3.parser(), qwen3.family(), qwen3.promptOpensThinking()).separatesReasoning()).isTrue();
        dev.ibench.core.prompt.ModelProfile glm = dev.ibench.core.prompt.ProfileCatalog.parse(
                "name: g\nprovider: oracle\nfamily: glm-4.7\nprompt_ends_in_thinking: true\n", "test");
        assertThat(glm.promptOpensThinking()).isTrue();
        assertThat(ParserChains.forProfile(glm.parser(), glm.family(), glm.promptOpensThinking()).parse("still thinking about [{\"name\": \"f\", \"arguments\": {}}]").status())
                .isEqualTo(ParseStatus.REASONING_ONLY);
    }
}
