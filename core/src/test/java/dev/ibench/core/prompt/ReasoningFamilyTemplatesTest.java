package dev.ibench.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The reasoning families' prompt-mode templates (issue 31) render for every style in each model's own layout, with
 * the reasoning placeholders always filled, and the built-in reasoning profiles load.
 */
class ReasoningFamilyTemplatesTest {
    private static ModelProfile profile(String family, String effortLine) {
        return ProfileCatalog.parse("name: t\nprovider: openai\nbase_url: http://x/v1\nmodel: m\nfamily: " + family
                + "\nmode: prompt\napi: completions\n" + effortLine, "test");
    }

    @Test
    void everyStyleRendersInTheModelsOwnLayout() throws Exception {
        EvalSample sample = PromptRendererTest.iclSample(IclExamples.SLOT_FILE, 2);
        for (PromptStyle style : List.of(PromptStyle.SLOT, PromptStyle.SEL, PromptStyle.REST, PromptStyle.NESTFUL, PromptStyle.BFCL)) {
            String qwen = PromptRenderer.render(profile("qwen3", ""), style, sample).text();
            assertThat(qwen).as("qwen3 %s", style).startsWith("<|im_start|>system\n").endsWith("<|im_start|>assistant\n")
                    .contains(sample.input()).doesNotContain("You are Qwen").doesNotContain("{REASONING").doesNotContain("{FUNCTION_STR}");
            String r1 = PromptRenderer.render(profile("deepseek-r1", ""), style, sample).text();
            assertThat(r1).as("deepseek-r1 %s", style).startsWith("<｜begin▁of▁sentence｜>").endsWith("<｜Assistant｜><think>\n")
                    .contains("<｜User｜>" + sample.input()).doesNotContain("<|eot_id|>").doesNotContain("{REASONING");
            String harmony = PromptRenderer.render(profile("gpt-oss", ""), style, sample).text();
            assertThat(harmony).as("gpt-oss %s", style).startsWith("<|start|>system<|message|>")
                    .contains("Reasoning: medium\n").contains("<|start|>developer<|message|># Instructions")
                    .contains("<|start|>user<|message|>" + sample.input() + "<|end|>").endsWith("<|start|>assistant")
                    .doesNotContain("<<<").doesNotContain("{REASONING");
        }
        assertThat(PromptRenderer.render(profile("gpt-oss", "reasoning_effort: high"), PromptStyle.SLOT, sample).text())
                .contains("Reasoning: high\n");
        assertThat(PromptRenderer.render(profile("qwen3", "reasoning_effort: medium"), PromptStyle.SLOT, sample).text())
                .as("a level leaves Qwen3's thinking on").endsWith("<|im_start|>assistant\n");
    }

    private static EvalSample sample() {
        try {
            return PromptRendererTest.iclSample(IclExamples.SLOT_FILE, 2);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void theBuiltInReasoningProfilesLoad() {
        ProfileCatalog builtIn = ProfileCatalog.load(null);
        assertThat(builtIn.all()).extracting(ModelProfile::name).contains("vllm-qwen3-8b", "vllm-qwen3-8b-prompt", "sglang-deepseek-r1",
                "sglang-deepseek-r1-distill-qwen-32b", "llama-cpp-qwen3", "vllm-gpt-oss-20b", "vllm-gpt-oss-20b-prompt", "openai-o4-mini",
                "vllm-qwen3-coder");
        ModelProfile o4 = builtIn.resolve("openai-o4-mini");
        assertThat(o4.tokenLimitParameter()).isEqualTo("max_completion_tokens");
        assertThat(o4.sendTemperature()).isFalse();
        assertThat(ReasoningControl.delivery(o4)).isEqualTo(ReasoningControl.Delivery.REASONING_EFFORT);
        assertThat(ReasoningControl.delivery(builtIn.resolve("vllm-qwen3-8b"))).isEqualTo(ReasoningControl.Delivery.ENABLE_THINKING);
        assertThat(ReasoningControl.delivery(builtIn.resolve("vllm-gpt-oss-20b-prompt"))).isEqualTo(ReasoningControl.Delivery.PROMPT);
        for (String tools : List.of("vllm-qwen3-8b", "sglang-deepseek-r1", "llama-cpp-qwen3", "vllm-gpt-oss-20b", "vllm-qwen3-coder")) {
            for (PromptStyle style : List.of(PromptStyle.SLOT, PromptStyle.SEL, PromptStyle.REST, PromptStyle.NESTFUL, PromptStyle.BFCL)) {
                RenderedPrompt p = PromptRenderer.render(builtIn.resolve(tools), style, sample());
                assertThat(p.isRaw()).isFalse();
                assertThat(p.messages().get(0).role()).as("%s %s: messages, the server applies the model's template", tools, style)
                        .isIn("system", "user");
                assertThat(p.messages()).noneMatch(m -> m.content().contains("<|im_start|>") || m.content().contains("<|start|>"));
                assertThat(p.tools()).as("native tools").isNotEmpty();
            }
        }
    }

    /** Qwen3-Coder's profile: native tools, no reasoning setting, and a parser chain that reads the model's XML calls left in the content. */
    @Test
    void theQwen3CoderProfileReadsXmlCallsLeftInTheContent() {
        ModelProfile coder = ProfileCatalog.load(null).resolve("vllm-qwen3-coder");
        assertThat(coder.family()).isEqualTo("qwen3-coder");
        assertThat(coder.reasoningEffort()).isNull();
        dev.ibench.core.parse.ParsedOutput parsed = dev.ibench.core.parse.ParserChains.forProfile(coder.parser())
                .parse("<tool_call>\n<function=filter_data>\n<parameter=data_source>\n$starting_table_var$\n</parameter>\n"
                        + "<parameter=key_name>\nsinger.age\n</parameter>\n<parameter=value>\n30\n</parameter>\n</function>\n</tool_call>");
        assertThat(parsed.stage()).isEqualTo("qwen3_coder_xml");
        assertThat(parsed.calls()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("filter_data");
            assertThat(c.arguments()).containsEntry("key_name", "singer.age").containsEntry("value", 30)
                    .containsEntry("data_source", "$starting_table_var$");
        });
    }

    /**
     * The families issue 42 added: every style renders in the layout of the model's own chat template (the turn
     * markers and generation prompts below are read off llama.cpp's models/templates files), and each built-in
     * profile loads and parses its family's own call format with the reasoning taken out.
     */
    @Test
    void theNewFamiliesRenderInTheirOwnLayout() {
        EvalSample sample = sample();
        Map<String, String[]> layouts = Map.of(
                "kimi-k2", new String[] {"<|im_system|>system<|im_middle|>", "<|im_user|>user<|im_middle|>", "<|im_assistant|>assistant<|im_middle|>"},
                "glm-4.6", new String[] {"[gMASK]<sop><|system|>\n", "<|user|>\n", "<|assistant|>"},
                "glm-4.7", new String[] {"[gMASK]<sop><|system|>", "<|user|>", "<|assistant|><think>"},
                "minimax-m2", new String[] {"]~!b[]~b]system\n", "]~b]user\n", "]~b]ai\n<think>\n"},
                "seed-oss", new String[] {"<seed:bos>system\n", "<seed:bos>user\n", "<seed:eos><seed:bos>assistant\n"},
                "ministral-3", new String[] {"<s>[SYSTEM_PROMPT]", "[INST]", "[/INST]"},
                "command-r7b", new String[] {"<BOS_TOKEN><|START_OF_TURN_TOKEN|><|SYSTEM_TOKEN|>", "<|START_OF_TURN_TOKEN|><|USER_TOKEN|>",
                        "<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>"},
                "gemma4", new String[] {"<bos><|turn>system\n", "<|turn>user\n", "<turn|>\n<|turn>model\n<|channel>thought\n<channel|>"});
        for (Map.Entry<String, String[]> family : layouts.entrySet()) {
            String[] layout = family.getValue();
            for (PromptStyle style : List.of(PromptStyle.SLOT, PromptStyle.SEL, PromptStyle.REST, PromptStyle.NESTFUL, PromptStyle.BFCL)) {
                String text = PromptRenderer.render(profile(family.getKey(), ""), style, sample).text();
                assertThat(text).as("%s %s", family.getKey(), style).startsWith(layout[0]).contains(layout[1] + sample.input()).endsWith(layout[2])
                        .doesNotContain("You are Qwen").doesNotContain("<|im_start|>").doesNotContain("{FUNCTION_STR}");
            }
        }
        ProfileCatalog builtIn = ProfileCatalog.load(null);
        assertThat(builtIn.resolve("vllm-glm-4.7-flash-prompt").promptOpensThinking()).isTrue();
        assertThat(builtIn.resolve("vllm-minimax-m2-prompt").promptOpensThinking()).isTrue();
        assertThat(builtIn.resolve("vllm-glm-4.6-prompt").promptOpensThinking()).isFalse();
        dev.ibench.core.parse.ParsedOutput glm = forProfile(builtIn.resolve("vllm-glm-4.7-flash-prompt"))
                .parse("Maybe <tool_call>drop_table</tool_call>? No.</think><tool_call>get_height\n<arg_key>name</arg_key>\n<arg_value>Batman"
                        + "</arg_value>\n</tool_call>");
        assertThat(glm.calls()).singleElement().satisfies(c -> assertThat(c.name()).isEqualTo("get_height"));
        for (String name : List.of("vllm-kimi-k2-prompt", "vllm-seed-oss-prompt", "vllm-ministral-3-prompt", "vllm-command-r7b-prompt",
                "vllm-gemma4-prompt", "vllm-minimax-m2-prompt")) {
            assertThat(builtIn.resolve(name).mode()).isEqualTo(PromptMode.PROMPT);
            assertThat(dev.ibench.core.parse.ParserChains.REASONING_FAMILIES).contains(builtIn.resolve(name).family());
        }
    }

    private static dev.ibench.core.parse.ParserChain forProfile(ModelProfile p) {
        return dev.ibench.core.parse.ParserChains.forProfile(p.parser(), p.family(), p.promptOpensThinking());
    }
}
