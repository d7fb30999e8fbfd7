package dev.ibench.core.rest;

import dev.ibench.core.tools.FunctionSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives OpenAI function definitions from endpoint specs in the layout of the builder's SLOT/SEL tools
 * ({@code name, description, parameters:{type, properties, required}}) plus the seed's {@code path}.
 */
public final class RestToolSpecs {
    private RestToolSpecs() {}

    public static List<Map<String, Object>> of(List<EndpointSpec> endpoints) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (EndpointSpec e : endpoints) out.add(of(e));
        return out;
    }

    public static Map<String, Object> of(EndpointSpec e) {
        Map<String, Object> properties = new LinkedHashMap<>();
        List<String> required = new ArrayList<>();
        for (QueryParameter p : e.parameters()) {
            Map<String, Object> prop = new LinkedHashMap<>();
            prop.put("type", p.type().jsonType());
            prop.put("description", p.description());
            prop.put("title", p.title());
            properties.put(p.name(), prop);
            if (p.required()) required.add(p.name());
        }
        Map<String, Object> spec = FunctionSpec.of(e.name(), e.description(), properties, required);
        spec.put("path", e.path());
        return spec;
    }
}
