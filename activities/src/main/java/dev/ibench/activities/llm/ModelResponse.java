package dev.ibench.activities.llm;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * What a model answered. {@code text} is the generated text (empty when the model only made native tool
 * calls); {@code toolCalls} are native tool calls (chat API {@code tool_calls}), with null labels.
 * Token counts are the provider's own (usage block, or llama.cpp tokenizer counts for gguf).
 */
public record ModelResponse(
        @JsonProperty("text") String text,
        @JsonProperty("tool_calls") List<ToolCall> toolCalls,
        @JsonProperty("finish_reason") String finishReason,
        @JsonProperty("prompt_tokens") int promptTokens,
        @JsonProperty("completion_tokens") int completionTokens,
        @JsonProperty("latency_ms") long latencyMillis) {
    public ModelResponse {
        text = text == null ? "" : text;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
    }

    public int totalTokens() {
        return promptTokens + completionTokens;
    }
}
