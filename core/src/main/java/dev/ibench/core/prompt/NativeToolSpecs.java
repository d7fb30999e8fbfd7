package dev.ibench.core.prompt;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts tool specs as stored in samples (OpenAI {@code parameters} JSON schema, or the seed's
 * {@code arguments} map of name -> {type, description, enum}) into the OpenAI chat API's native
 * {@code tools} entries: {@code {"type":"function","function":{name, description, parameters}}}.
 */
public final class NativeToolSpecs {
    private NativeToolSpecs() {}

    public static List<Map<String, Object>> openAi(List<Map<String, Object>> tools) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> tool : tools) {
            Map<String, Object> function = new LinkedHashMap<>();
            function.put("name", tool.get("name"));
            if (tool.get("description") != null) {
                function.put("description", tool.get("description"));
            }
            function.put("parameters", parameters(tool));
            out.add(Map.of("type", "function", "function", function));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object parameters(Map<String, Object> tool) {
        if (tool.get("parameters") instanceof Map<?, ?> schema) {
            return schema;
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        Map<String, Object> properties = new LinkedHashMap<>();
        if (tool.get("arguments") instanceof Map<?, ?> args) {
            ((Map<String, Object>) args).forEach((name, spec) -> properties.put(name, spec));
        }
        schema.put("properties", properties);
        if (tool.get("required") instanceof List<?> required) {
            schema.put("required", required);
        }
        return schema;
    }
}
