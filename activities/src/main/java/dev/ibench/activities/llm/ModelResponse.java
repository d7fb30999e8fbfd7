package dev.ibench.activities.llm;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * What a model answered. {@code text} is the generated text (empty when the model only made native tool
 * calls); {@code toolCalls} are native tool calls (chat API {@code tool_calls}), with null labels.
 * Token counts are the provider's own (usage block, or llama.cpp tokenizer counts for gguf). {@code tokensUnknown}: the
 * provider sent no usage block and nothing counted them, so both counts are 0 and mean "not known" (docs/ledger.md).
 * {@code reasoning} is reasoning the server returned apart from the text ({@code reasoning_content} or {@code reasoning},
 * null when none); {@code reasoningTokens} the server's {@code usage.completion_tokens_details.reasoning_tokens}, which
 * OpenAI-compatible servers count inside {@code completion_tokens} (so spend and budgets include them).
 * {@code cachedPromptTokens}: the part of {@code promptTokens} the server read from its prompt cache
 * ({@code usage.prompt_tokens_details.cached_tokens}, else llama-server's {@code timings.cache_n}; 0 when not reported),
 * priced at the profile's cached-input price.
 * {@code nativeCalls} are the same native calls as the server sent them: each with its {@code id} (which a tool result
 * answers) and its arguments verbatim, also when they are not a JSON object (then the call's {@code toolCalls} entry
 * has empty arguments); empty for answers stored before they were kept ({@link #chatToolCalls} derives them).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ModelResponse(
        @JsonProperty("text") String text,
        @JsonProperty("tool_calls") List<ToolCall> toolCalls,
        @JsonProperty("finish_reason") String finishReason,
        @JsonProperty("prompt_tokens") int promptTokens,
        @JsonProperty("completion_tokens") int completionTokens,
        @JsonProperty("latency_ms") long latencyMillis,
        @JsonProperty("tokens_unknown") boolean tokensUnknown,
        @JsonProperty("reasoning") String reasoning,
        @JsonProperty("reasoning_tokens") int reasoningTokens,
        @JsonProperty("cached_prompt_tokens") int cachedPromptTokens,
        @JsonProperty("native_calls") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ChatToolCall> nativeCalls) {
    /** The argument name under which {@link #toolCalls} keep a native call's arguments that are not a JSON object, verbatim. */
    public static final String UNPARSED_ARGUMENTS = "__unparsed_arguments__";

    public ModelResponse {
        cachedPromptTokens = Math.max(0, Math.min(cachedPromptTokens, promptTokens));
        text = text == null ? "" : text;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        reasoning = reasoning == null || reasoning.isEmpty() ? null : reasoning;
        nativeCalls = nativeCalls == null ? List.of() : List.copyOf(nativeCalls);
    }

    /** An answer without the native calls' ids and verbatim arguments (providers that have none). */
    public ModelResponse(String text, List<ToolCall> toolCalls, String finishReason, int promptTokens, int completionTokens,
                         long latencyMillis, boolean tokensUnknown, String reasoning, int reasoningTokens, int cachedPromptTokens) {
        this(text, toolCalls, finishReason, promptTokens, completionTokens, latencyMillis, tokensUnknown, reasoning, reasoningTokens,
                cachedPromptTokens, List.of());
    }

    /** An answer without cached prompt tokens reported. */
    public ModelResponse(String text, List<ToolCall> toolCalls, String finishReason, int promptTokens, int completionTokens,
                         long latencyMillis, boolean tokensUnknown, String reasoning, int reasoningTokens, List<ChatToolCall> nativeCalls) {
        this(text, toolCalls, finishReason, promptTokens, completionTokens, latencyMillis, tokensUnknown, reasoning, reasoningTokens, 0,
                nativeCalls);
    }

    /** An answer without cached prompt tokens reported or native calls kept. */
    public ModelResponse(String text, List<ToolCall> toolCalls, String finishReason, int promptTokens, int completionTokens,
                         long latencyMillis, boolean tokensUnknown, String reasoning, int reasoningTokens) {
        this(text, toolCalls, finishReason, promptTokens, completionTokens, latencyMillis, tokensUnknown, reasoning, reasoningTokens, 0,
                List.of());
    }

    /** An answer with its token counts known and no reasoning returned apart. */
    public ModelResponse(String text, List<ToolCall> toolCalls, String finishReason, int promptTokens, int completionTokens,
                         long latencyMillis) {
        this(text, toolCalls, finishReason, promptTokens, completionTokens, latencyMillis, false, null, 0);
    }

    /** An answer without reasoning returned apart, its tokens known or not. */
    public ModelResponse(String text, List<ToolCall> toolCalls, String finishReason, int promptTokens, int completionTokens,
                         long latencyMillis, boolean tokensUnknown) {
        this(text, toolCalls, finishReason, promptTokens, completionTokens, latencyMillis, tokensUnknown, null, 0);
    }

    /** An answer with its token counts known and the reasoning the server returned apart. */
    public ModelResponse(String text, List<ToolCall> toolCalls, String finishReason, int promptTokens, int completionTokens,
                         long latencyMillis, String reasoning, int reasoningTokens) {
        this(text, toolCalls, finishReason, promptTokens, completionTokens, latencyMillis, false, reasoning, reasoningTokens);
    }

    /** This answer with token counts worked out by a tokenizer (known from now on). */
    public ModelResponse withCountedTokens(int prompt, int completion) {
        return new ModelResponse(text, toolCalls, finishReason, prompt, completion, latencyMillis, false, reasoning, reasoningTokens,
                cachedPromptTokens, nativeCalls);
    }

    /**
     * The native calls as a conversation carries them on: {@link #nativeCalls} when the server's were kept, else (an
     * answer stored before) derived from {@link #toolCalls} with ids {@code call_1}, {@code call_2}, ... (unparsed arguments
     * verbatim again)
     */
    public List<ChatToolCall> chatToolCalls() {
        if (!nativeCalls.isEmpty() || toolCalls.isEmpty()) {
            return nativeCalls;
        }
        List<ChatToolCall> derived = new ArrayList<>();
        for (int i = 0; i < toolCalls.size(); i++) {
            ToolCall call = toolCalls.get(i);
            Object unparsed = call.arguments().size() == 1 ? call.arguments().get(UNPARSED_ARGUMENTS) : null;
            derived.add(unparsed instanceof String verbatim ? new ChatToolCall("call_" + (i + 1), call.name(), verbatim)
                    : ChatToolCall.of("call_" + (i + 1), call.name(), call.arguments()));
        }
        return derived;
    }

    public int totalTokens() {
        return promptTokens + completionTokens;
    }
}
