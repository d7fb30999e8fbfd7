package dev.ibench.core.parse;

import java.util.Map;

/**
 * The cases per template of llama.cpp's {@code tests/test-chat.cpp} (b11434) that {@link LlamaCppChatVectorsTest} ports,
 * as docs/output-parsing.md states them: every template its parser tests run over, {@value #TEMPLATES} of them.
 */
final class LlamaCppTemplateCounts {
    static final Map<String, Long> EXPECTED = Map.ofEntries(
            Map.entry("Apertus-8B-Instruct.jinja", 1L),
            Map.entry("Apriel-1.6-15b-Thinker-fixed.jinja", 2L),
            Map.entry("ByteDance-Seed-OSS.jinja", 5L),
            Map.entry("Cohere2MoE.jinja", 10L),
            Map.entry("CohereForAI-c4ai-command-r-plus-tool_use.jinja", 2L),
            Map.entry("CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja", 7L),
            Map.entry("GLM-4.6.jinja", 1L),
            Map.entry("GLM-4.7-Flash.jinja", 6L),
            Map.entry("GigaChat3-10B-A1.8B.jinja", 3L),
            Map.entry("GigaChat3.1-10B-A1.8B.jinja", 3L),
            Map.entry("Kimi-K2-Instruct.jinja", 1L),
            Map.entry("Kimi-K2-Thinking.jinja", 12L),
            Map.entry("Kimi-K3.jinja", 9L),
            Map.entry("LFM2-8B-A1B.jinja", 16L),
            Map.entry("LFM2.5-8B-A1B.jinja", 21L),
            Map.entry("LFM2.5-Instruct.jinja", 16L),
            Map.entry("MiMo-VL.jinja", 2L),
            Map.entry("MiniMax-M2.jinja", 2L),
            Map.entry("MiniMax-M3.jinja", 19L),
            Map.entry("Mistral-Small-3.2-24B-Instruct-2506.jinja", 3L),
            Map.entry("NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja", 8L),
            Map.entry("NVIDIA-Nemotron-Nano-v2.jinja", 2L),
            Map.entry("NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja", 2L),
            Map.entry("NousResearch-Hermes-3-Llama-3.1-8B-tool_use.jinja", 2L),
            Map.entry("Qwen-QwQ-32B.jinja", 2L),
            Map.entry("Qwen-Qwen2.5-7B-Instruct.jinja", 2L),
            Map.entry("Qwen3-Coder.jinja", 22L),
            Map.entry("Qwen3.5-4B.jinja", 23L),
            Map.entry("Reka-Edge.jinja", 16L),
            Map.entry("Spark2.5.jinja", 6L),
            Map.entry("StepFun3.5-Flash.jinja", 11L),
            Map.entry("deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja", 2L),
            Map.entry("deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja", 3L),
            Map.entry("deepseek-ai-DeepSeek-V3.1.jinja", 5L),
            Map.entry("deepseek-ai-DeepSeek-V3.2.jinja", 13L),
            Map.entry("deepseek-ai-DeepSeek-V4-Flash-0731.jinja", 1L),
            Map.entry("deepseek-ai-DeepSeek-V4.jinja", 8L),
            Map.entry("fireworks-ai-llama-3-firefunction-v2.jinja", 2L),
            Map.entry("google-gemma-2-2b-it.jinja", 1L),
            Map.entry("google-gemma-4-31B-it.jinja", 25L),
            Map.entry("ibm-granite-granite-3.3-2B-Instruct.jinja", 2L),
            Map.entry("ibm-granite-granite-4.0.jinja", 2L),
            Map.entry("ibm-granite-granite-4.1.jinja", 2L),
            Map.entry("inclusionai-ling-3.0-flash.jinja", 8L),
            Map.entry("llama-cpp-deepseek-r1.jinja", 3L),
            Map.entry("llm-jp-llm-jp-4.1-8b-thinking.jinja", 8L),
            Map.entry("meetkai-functionary-medium-v3.1.jinja", 2L),
            Map.entry("meetkai-functionary-medium-v3.2.jinja", 1L),
            Map.entry("meta-llama-Llama-3.1-8B-Instruct.jinja", 3L),
            Map.entry("meta-llama-Llama-3.2-3B-Instruct.jinja", 1L),
            Map.entry("meta-llama-Llama-3.3-70B-Instruct.jinja", 1L),
            Map.entry("mistralai-Ministral-3-14B-Reasoning-2512.jinja", 8L),
            Map.entry("mistralai-Mistral-Nemo-Instruct-2407.jinja", 2L),
            Map.entry("moonshotai-Kimi-K2.jinja", 1L),
            Map.entry("muse-glimmer.jinja", 7L),
            Map.entry("openai-gpt-oss-120b.jinja", 16L),
            Map.entry("openbmb-MiniCPM5-1B.jinja", 7L),
            Map.entry("unsloth-Apriel-1.5.jinja", 2L),
            Map.entry("unsloth-mistral-Devstral-Small-2507.jinja", 3L));
    static final int TEMPLATES = 59;
    static final long DIFFERENCES = 37;

    private LlamaCppTemplateCounts() {}
}
