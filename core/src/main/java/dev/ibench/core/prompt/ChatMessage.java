package dev.ibench.core.prompt;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Objects;

/**
 * One chat message as sent to a chat endpoint, in OpenAI's conversation format: {@code system}, {@code user},
 * {@code assistant} (which may carry native {@code tool_calls} and the {@code reasoning} it returned apart) or
 * {@code tool} (the result of the assistant's call {@code tool_call_id}). The fields a plain message does not use are
 * left out of its JSON, so a plain message reads and writes {@code {role, content}} as before (stored prompts, cache
 * keys).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChatMessage(
        @JsonProperty("role") String role,
        @JsonProperty("content") String content,
        @JsonProperty("tool_calls") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<ChatToolCall> toolCalls,
        @JsonProperty("tool_call_id") String toolCallId,
        @JsonProperty("reasoning") String reasoning) {
    public static final String TOOL = "tool";
    public static final String ASSISTANT = "assistant";

    public ChatMessage {
        Objects.requireNonNull(role, "role");
        content = content == null ? "" : content;
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        if (!toolCalls.isEmpty() && !ASSISTANT.equals(role)) {
            throw new IllegalArgumentException("only an assistant message carries tool calls, not a " + role + " message");
        }
        if (TOOL.equals(role) && toolCallId == null) {
            throw new IllegalArgumentException("a tool message names the tool call it answers (tool_call_id)");
        }
        reasoning = reasoning == null || reasoning.isEmpty() ? null : reasoning;
    }

    public ChatMessage(String role, String content) {
        this(role, Objects.requireNonNull(content, "content"), List.of(), null, null);
    }

    public static ChatMessage system(String content) {
        return new ChatMessage("system", content);
    }

    public static ChatMessage user(String content) {
        return new ChatMessage("user", content);
    }

    public static ChatMessage assistant(String content) {
        return new ChatMessage(ASSISTANT, content);
    }

    /** An assistant turn with its native tool calls ({@code content} the text beside them, may be empty) and its reasoning (or null). */
    public static ChatMessage assistant(String content, List<ChatToolCall> toolCalls, String reasoning) {
        return new ChatMessage(ASSISTANT, content, toolCalls, null, reasoning);
    }

    /** The result of the assistant's tool call {@code toolCallId}. */
    public static ChatMessage tool(String toolCallId, String content) {
        return new ChatMessage(TOOL, content, List.of(), Objects.requireNonNull(toolCallId, "toolCallId"), null);
    }

    /** This message with other text, its tool calls, call id and reasoning kept (ablations rewrite the text). */
    public ChatMessage withContent(String newContent) {
        return new ChatMessage(role, newContent, toolCalls, toolCallId, reasoning);
    }

    /** Whether this message is more than {@code {role, content}}: tool calls or a tool result. */
    @JsonIgnore
    public boolean isToolExchange() {
        return !toolCalls.isEmpty() || toolCallId != null;
    }
}
