package dev.ibench.core.prompt;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One native tool call of an assistant message (OpenAI's {@code tool_calls} item): the call's {@code id}, which the
 * {@code tool} message answering it names, the function's {@code name}, and its {@code arguments} as the JSON text the
 * model wrote (OpenAI sends a string). That text is kept verbatim, also when it is not a JSON object (an array, a
 * number, {@code null}, cut off): the model's wrong format, to be scored as such.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChatToolCall(String id, String name, String arguments) {
    public ChatToolCall {
        Objects.requireNonNull(name, "name");
        arguments = arguments == null ? "{}" : arguments;
    }

    /** A call whose arguments are the JSON object {@code arguments}. */
    public static ChatToolCall of(String id, String name, Map<String, Object> arguments) {
        try {
            return new ChatToolCall(id, name, Json.MAPPER.writeValueAsString(arguments == null ? Map.of() : arguments));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("arguments of " + name + " cannot be written as JSON", e);
        }
    }

    /** The arguments when they are a JSON object (a blank text counts as no arguments), else empty. */
    @SuppressWarnings("unchecked")
    public Optional<Map<String, Object>> argumentsObject() {
        if (arguments.isBlank()) {
            return Optional.of(new LinkedHashMap<>());
        }
        try {
            Object value = Json.MAPPER.readValue(arguments, Object.class);
            return value instanceof Map<?, ?> map ? Optional.of(new LinkedHashMap<>((Map<String, Object>) map)) : Optional.empty();
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
