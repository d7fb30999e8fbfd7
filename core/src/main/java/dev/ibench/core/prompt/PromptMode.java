package dev.ibench.core.prompt;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * How a profile presents the tools to the model.
 * {@code PROMPT}: the tools are written into the family's prompt template (raw completion, or chat
 * messages when the template is message-shaped). {@code TOOLS}: the tools travel in the request's
 * native {@code tools} field and the template only carries the instructions and ICL examples.
 */
public enum PromptMode {
    PROMPT,
    TOOLS;

    @JsonCreator
    public static PromptMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IllegalArgumentException("unknown mode '" + text + "' (expected prompt or tools)");
        }
    }

    @JsonValue
    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
