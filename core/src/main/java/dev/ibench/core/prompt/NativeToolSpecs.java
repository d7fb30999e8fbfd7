package dev.ibench.core.prompt;

import dev.ibench.core.sample.NativeToolName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts tool specs as stored in samples (OpenAI {@code parameters} JSON schema, or the seed's
 * {@code arguments} map of name -> {type, description, enum}) into the OpenAI chat API's native
 * {@code tools} entries: {@code {"type":"function","function":{name, description, parameters}}}.
 * As BFCL does for its function-calling models, names become API-safe ({@link NativeToolName}) and BFCL's
 * Python-flavoured types become JSON Schema types ({@code dict} -> {@code object}, {@code float} -> {@code number},
 * {@code tuple} -> {@code array}, {@code any} -> {@code string}, ...).
 */
public final class NativeToolSpecs {
    private NativeToolSpecs() {}

    public static List<Map<String, Object>> openAi(List<Map<String, Object>> tools) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> tool : tools) {
            Map<String, Object> function = new LinkedHashMap<>();
            function.put("name", NativeToolName.of(String.valueOf(tool.get("name"))));
            if (tool.get("description") != null) {
                function.put("description", tool.get("description"));
            }
            function.put("parameters", jsonSchemaTypes(parameters(tool)));
            out.add(Map.of("type", "function", "function", function));
        }
        return out;
    }

    /** BFCL's mapping of its type names to JSON Schema's (gorilla's GORILLA_TO_OPENAPI). */
    private static final Map<String, String> JSON_SCHEMA_TYPE = Map.ofEntries(
            Map.entry("dict", "object"), Map.entry("float", "number"), Map.entry("double", "number"),
            Map.entry("tuple", "array"), Map.entry("list", "array"), Map.entry("any", "string"), Map.entry("Any", "string"),
            Map.entry("bool", "boolean"), Map.entry("byte", "integer"), Map.entry("short", "integer"), Map.entry("long", "integer"),
            Map.entry("char", "string"), Map.entry("String", "string"), Map.entry("ArrayList", "array"), Map.entry("Array", "array"),
            Map.entry("HashMap", "object"), Map.entry("Hashtable", "object"), Map.entry("Queue", "array"), Map.entry("Stack", "array"),
            Map.entry("Bigint", "integer"));

    private static Object jsonSchemaTypes(Object schema) {
        if (schema instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(String.valueOf(k), "type".equals(k) && v instanceof String type
                    ? JSON_SCHEMA_TYPE.getOrDefault(type, type) : jsonSchemaTypes(v)));
            return out;
        }
        if (schema instanceof List<?> list) {
            return list.stream().map(NativeToolSpecs::jsonSchemaTypes).toList();
        }
        return schema;
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
