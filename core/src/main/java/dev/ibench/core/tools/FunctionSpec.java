package dev.ibench.core.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The OpenAI function-definition layout every tool spec ends in: {@code {name, description, parameters}}. */
public final class FunctionSpec {
    private FunctionSpec() {}

    /** @param properties parameter name -> JSON-schema property, in order; @param required the required names */
    public static Map<String, Object> of(String name, String description, Map<String, Object> properties, List<String> required) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("type", "object");
        parameters.put("properties", properties);
        parameters.put("required", required);
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("name", name);
        spec.put("description", description);
        spec.put("parameters", parameters);
        return spec;
    }
}
