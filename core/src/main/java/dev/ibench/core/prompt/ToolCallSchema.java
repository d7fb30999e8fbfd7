package dev.ibench.core.prompt;

import dev.ibench.core.sample.EvalSample;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON schema of the answer the SLOT/SEL prompts ask for: a list of
 * {@code {"name": <one of the tools>, "arguments": {...}, "label": "..."}}, at most as long as the longest gold
 * sequence of the eval set. Used for constrained decoding ({@code constrained_output: tool_calls});
 * {@link #ANY_JSON} is the schema for {@code json}.
 */
public final class ToolCallSchema {
    public static final String ANY_JSON = "{}";

    private ToolCallSchema() {}

    /**
     * The bound on an answer's calls for an eval set: its longest gold sequence (0 when no sample has a gold call:
     * no bound). Under a grammar a small model can repeat one call until {@code max_tokens} cuts the JSON (measured:
     * SmolLM2 on llama.cpp's llama-server); with {@code maxItems} the grammar closes the list instead, and no answer
     * as long as a gold one is cut.
     */
    public static int maxCalls(Collection<EvalSample> evalSet) {
        int longest = 0;
        for (EvalSample sample : evalSet) {
            longest = Math.max(longest, sample.output().size());
        }
        return longest;
    }

    /** The schema for a sample's {@code tools}, with at most {@code maxCalls} calls ({@code <= 0}: unbounded). */
    public static String forTools(List<Map<String, Object>> tools, int maxCalls) {
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
        if (maxCalls > 0) {
            schema.put("maxItems", maxCalls);
        }
        return PromptRenderer.toJson(schema);
    }
}
