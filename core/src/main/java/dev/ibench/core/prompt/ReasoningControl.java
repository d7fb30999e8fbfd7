package dev.ibench.core.prompt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a profile's {@code reasoning_effort} reaches the model (docs/model-profiles.md, Reasoning settings):
 * <ul>
 *   <li>{@link Delivery#PROMPT}: a raw prompt ({@code api: completions}) carries it in the family template:
 *   gpt-oss's harmony {@code Reasoning: low|medium|high} system line; Qwen3's and DeepSeek-R1's {@code off} as the
 *   closed think block their templates write when thinking is disabled (their thinking has no levels: low, medium and
 *   high all leave it on);</li>
 *   <li>{@link Delivery#ENABLE_THINKING}: {@code chat_template_kwargs.enable_thinking} on the chat endpoint of vLLM,
 *   SGLang and llama.cpp for the qwen3 and deepseek-r1 families (false for off, true for a level);</li>
 *   <li>{@link Delivery#REASONING_EFFORT}: OpenAI's {@code reasoning_effort} field on any other chat endpoint.</li>
 * </ul>
 * A setting no delivery can carry is rejected when the profile is loaded, never sent and ignored.
 */
public final class ReasoningControl {
    public enum Delivery { NONE, PROMPT, ENABLE_THINKING, REASONING_EFFORT }

    public static final List<String> EFFORTS = List.of("low", "medium", "high", "off");
    public static final String OFF = "off";
    private static final Set<String> PROMPT_FAMILIES = Set.of("gpt-oss", "qwen3", "deepseek-r1");
    private static final Set<String> THINKING_SWITCH_FAMILIES = Set.of("qwen3", "deepseek-r1");
    private static final Set<String> THINKING_SWITCH_SERVERS = Set.of("vllm", "sglang", "llama.cpp");
    /** Harmony's default effort, written when a gpt-oss profile sets none. */
    private static final String HARMONY_DEFAULT = "medium";

    private ReasoningControl() {}

    public static Delivery delivery(ModelProfile p) {
        if (p.reasoningEffort() == null) {
            return Delivery.NONE;
        }
        if ("completions".equals(p.api())) {
            return Delivery.PROMPT;
        }
        if (THINKING_SWITCH_FAMILIES.contains(p.family()) && THINKING_SWITCH_SERVERS.contains(p.server())) {
            return Delivery.ENABLE_THINKING;
        }
        return Delivery.REASONING_EFFORT;
    }

    /** The value of {@code chat_template_kwargs.enable_thinking} (null: not sent). */
    public static Boolean enableThinking(ModelProfile p) {
        return delivery(p) == Delivery.ENABLE_THINKING ? !OFF.equals(p.reasoningEffort()) : null;
    }

    /** The value of the request's {@code reasoning_effort} (null: not sent). */
    public static String reasoningEffortField(ModelProfile p) {
        return delivery(p) == Delivery.REASONING_EFFORT ? p.reasoningEffort() : null;
    }

    /** Template variables {@code {REASONING}} (the thinking-off block, else empty) and {@code {REASONING_EFFORT}} (harmony's level). */
    static Map<String, String> promptVariables(ModelProfile p) {
        Map<String, String> vars = new HashMap<>();
        boolean off = delivery(p) == Delivery.PROMPT && OFF.equals(p.reasoningEffort());
        vars.put("REASONING", !off ? "" : "deepseek-r1".equals(p.family()) ? "</think>" : "<think>\n\n</think>\n\n");
        vars.put("REASONING_EFFORT", delivery(p) == Delivery.PROMPT ? p.reasoningEffort() : HARMONY_DEFAULT);
        return vars;
    }

    /** What is sent, for {@code model check}: e.g. {@code reasoning_effort=high (request field)}. */
    public static String describe(ModelProfile p) {
        return switch (delivery(p)) {
            case NONE -> "not set (the server's default)";
            case PROMPT -> p.reasoningEffort() + " (in the " + p.family() + " prompt template: "
                    + ("gpt-oss".equals(p.family()) ? "harmony 'Reasoning: " + p.reasoningEffort() + "' line)"
                    : OFF.equals(p.reasoningEffort()) ? "closed think block after the assistant header)" : "thinking left on, the family has no levels)");
            case ENABLE_THINKING -> p.reasoningEffort() + " (request field chat_template_kwargs.enable_thinking=" + enableThinking(p) + ")";
            case REASONING_EFFORT -> p.reasoningEffort() + " (request field reasoning_effort)";
        };
    }

    static List<String> problems(ModelProfile p) {
        List<String> problems = new ArrayList<>();
        String effort = p.reasoningEffort();
        if (effort == null || "oracle".equals(p.provider()) || "replay".equals(p.provider())) {
            return problems;
        }
        if (!EFFORTS.contains(effort)) {
            problems.add("'reasoning_effort' must be one of " + EFFORTS + ", got " + effort);
            return problems;
        }
        switch (delivery(p)) {
            case PROMPT -> {
                if (!PROMPT_FAMILIES.contains(p.family()) && p.templates().isEmpty()) {
                    problems.add("'reasoning_effort' " + effort + " with api completions is carried by the prompt template, which only the"
                            + " families " + PROMPT_FAMILIES + " have (or templates of your own with {REASONING} / {REASONING_EFFORT});"
                            + " family " + p.family() + " cannot carry it");
                } else if ("gpt-oss".equals(p.family()) && OFF.equals(effort)) {
                    problems.add("'reasoning_effort' off: gpt-oss (harmony) cannot turn reasoning off; its lowest effort is low");
                }
            }
            case REASONING_EFFORT -> {
                if ("gguf".equals(p.provider())) {
                    problems.add("'reasoning_effort' with provider gguf works only through the prompt (api completions and family "
                            + PROMPT_FAMILIES + ")");
                } else if (OFF.equals(effort)) {
                    problems.add("'reasoning_effort' off cannot be sent as OpenAI's reasoning_effort; set 'server' to vllm, sglang or"
                            + " llama.cpp with family qwen3 or deepseek-r1 (chat_template_kwargs.enable_thinking=false), or use low");
                }
            }
            default -> { }
        }
        return problems;
    }
}
