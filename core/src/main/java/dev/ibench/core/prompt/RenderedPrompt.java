package dev.ibench.core.prompt;

import java.util.List;
import java.util.Map;

/**
 * What is sent to a model: either a raw prompt ({@code text}, already carrying the family's special
 * tokens; sent to a completions endpoint) or chat {@code messages} (the provider applies the
 * model's chat template). {@code tools} holds native tool specs for {@link PromptMode#TOOLS}, else empty.
 */
public record RenderedPrompt(String text, List<ChatMessage> messages, List<Map<String, Object>> tools) {
    public RenderedPrompt {
        if ((text == null) == (messages == null || messages.isEmpty())) {
            throw new IllegalArgumentException("a rendered prompt is either raw text or chat messages, not both or neither");
        }
        messages = messages == null ? List.of() : List.copyOf(messages);
        tools = tools == null ? List.of() : List.copyOf(tools);
    }

    public static RenderedPrompt raw(String text) {
        return new RenderedPrompt(text, null, List.of());
    }

    public static RenderedPrompt chat(List<ChatMessage> messages, List<Map<String, Object>> tools) {
        return new RenderedPrompt(null, messages, tools);
    }

    public boolean isRaw() {
        return text != null;
    }

    /** Human-readable form for {@code ibench model check}: the raw text, or the messages with role headers. */
    public String display() {
        if (isRaw()) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        for (ChatMessage m : messages) {
            out.append("[").append(m.role()).append(m.toolCallId() == null ? "" : " " + m.toolCallId()).append("]\n");
            if (m.reasoning() != null) {
                out.append("(reasoning) ").append(m.reasoning()).append("\n");
            }
            if (!m.content().isEmpty() || m.toolCalls().isEmpty()) {
                out.append(m.content()).append("\n");
            }
            for (ChatToolCall c : m.toolCalls()) {
                out.append("-> ").append(c.name()).append(c.arguments()).append(c.id() == null ? "" : "  (" + c.id() + ")").append("\n");
            }
        }
        if (!tools.isEmpty()) {
            out.append("[native tools: ").append(tools.size()).append("]\n");
        }
        return out.toString();
    }
}
