package dev.ibench.core.sample;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One API call of a sequence, in the seed's exchange format: {@code {name, arguments, label}}.
 * Arguments are plain JSON values (String, Number, Boolean, List, Map, null); an argument that
 * refers to an earlier result is the string {@code "$LABEL$"}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolCall(String name, @JsonAlias("parameters") Map<String, Object> arguments, String label) {
    public ToolCall {
        arguments = arguments == null ? new LinkedHashMap<>() : new LinkedHashMap<>(arguments);
    }
}
