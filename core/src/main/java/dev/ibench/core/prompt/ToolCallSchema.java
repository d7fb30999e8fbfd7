package dev.ibench.core.prompt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON schema of the answer the SLOT/SEL prompts ask for: a list of
 * {@code {"name": <one of the tools>, "arguments": {...}, "label": "..."}}. Used for constrained
 * decoding ({@code constrained_output: tool_calls}); {@link #ANY_JSON} is the schema for {@code json}.
 */
public final class ToolCallSchema {
    public static final String ANY_JSON = "{}";

    private ToolCallSchema() {}

    public static String forTools(List<Map<String, Object>> tools) {
        List<Object> names = new ArrayList<>();
        for (Map<String, Object> tool : tools) {
            names.add(tool.get("name"));
        }
        Map<String, Object> name = new LinkedHashMap<>();
        name.put("type", "string");
        if (!names.isEmpty()) {
            name.put("enum", names);
        }
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("name", name);
        properties.put("arguments", Map.of("type", "object"));
        properties.put("label", Map.of("type", "string"));
        call.put("properties", properties);
        call.put("required", List.of("name", "arguments", "label"));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "array");
        schema.put("items", call);
        return PromptRenderer.toJson(schema);
    }
}
