package dev.ibench.core.rest;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Derives an OpenAPI 3.0.3 document from endpoint specs (every endpoint a GET with query parameters). Every map is
 * insertion-ordered ({@link #fields}), never {@code Map.of} with several entries: its iteration order changes from
 * one JVM to the next, and a published document must be the same bytes whichever worker writes it.
 */
public final class OpenApiDocument {
    private OpenApiDocument() {}

    public static Map<String, Object> of(String title, List<EndpointSpec> endpoints) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("openapi", "3.0.3");
        doc.put("info", fields("title", title, "version", "1.0.0",
                "description", "Read-only endpoints generated from NL2SQL gold queries by ibench; each runs a parameterised SQL template on SQLite."));
        Map<String, Object> paths = new LinkedHashMap<>();
        for (EndpointSpec e : endpoints) paths.put(e.path(), Map.of("get", operation(e)));
        doc.put("paths", paths);
        doc.put("components", Map.of("schemas", schemas()));
        return doc;
    }

    private static Map<String, Object> operation(EndpointSpec e) {
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("operationId", e.name());
        op.put("summary", e.summary());
        op.put("description", e.description());
        List<Map<String, Object>> params = new ArrayList<>();
        for (QueryParameter p : e.parameters()) {
            Map<String, Object> param = new LinkedHashMap<>();
            param.put("name", p.name());
            param.put("in", "query");
            param.put("required", p.required());
            param.put("description", p.description());
            param.put("schema", fields("type", p.type().jsonType(), "title", p.title()));
            params.add(param);
        }
        op.put("parameters", params);
        Map<String, Object> responses = new LinkedHashMap<>();
        Map<String, Object> ok = new LinkedHashMap<>();
        ok.put("description", "Result rows" + (e.response().columns().isEmpty() ? "" : " with columns " + String.join(", ", e.response().columns()))
                + (e.response().ordered() ? " (ordered)" : ""));
        ok.put("content", Map.of("application/json", Map.of("schema", Map.of("$ref", "#/components/schemas/EndpointResult"))));
        responses.put("200", ok);
        responses.put("400", errorResponse("Unknown, missing or ill-typed parameter"));
        responses.put("500", errorResponse("The query failed"));
        op.put("responses", responses);
        return op;
    }

    private static Map<String, Object> errorResponse(String description) {
        return fields("description", description, "content", Map.of("application/json", Map.of("schema", Map.of("$ref", "#/components/schemas/Error"))));
    }

    private static Map<String, Object> schemas() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("type", "object");
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("columns", fields("type", "array", "items", Map.of("type", "string")));
        props.put("rows", fields("type", "array", "items", fields("type", "array", "items", Map.of())));
        props.put("row_count", Map.of("type", "integer"));
        props.put("truncated", Map.of("type", "boolean"));
        result.put("properties", props);
        result.put("required", List.of("columns", "rows", "row_count", "truncated"));
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("type", "object");
        error.put("properties", fields("error", Map.of("type", "string"), "parameter", Map.of("type", "string")));
        error.put("required", List.of("error"));
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("EndpointResult", result);
        s.put("Error", error);
        return s;
    }

    /** An insertion-ordered map of alternating keys and values. */
    private static Map<String, Object> fields(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        return m;
    }
}
