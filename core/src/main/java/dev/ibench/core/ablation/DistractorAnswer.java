package dev.ibench.core.ablation;

import com.fasterxml.jackson.core.type.TypeReference;
import dev.ibench.core.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the tools a model wrote for {@code toolkit_expansion} from its answer: a JSON list (bare, in a code fence, or
 * amid text) whose items are {@code {"request": ..., "tool": {...}}}, an OpenAI function spec, or
 * {@code {"type": "function", "function": {...}}}. Each tool keeps {@code name}, {@code description} and
 * {@code parameters}; an item without a usable name or description is counted as a problem, not kept.
 */
public record DistractorAnswer(List<Map<String, Object>> tools, List<String> problems) {
    private static final String NAME = "[A-Za-z_][A-Za-z0-9_.-]{0,63}";

    @SuppressWarnings("unchecked")
    public static DistractorAnswer parse(String answer) {
        String text = answer == null ? "" : answer;
        int start = text.indexOf('[');
        int end = text.lastIndexOf(']');
        if (start < 0 || end <= start) {
            return new DistractorAnswer(List.of(), List.of("no JSON list in the answer"));
        }
        List<Object> items;
        try {
            items = Json.MAPPER.readValue(text.substring(start, end + 1), new TypeReference<>() {});
        } catch (Exception e) {
            return new DistractorAnswer(List.of(), List.of("answer is not a JSON list: " + e.getMessage().lines().findFirst().orElse("")));
        }
        List<Map<String, Object>> tools = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            Map<String, Object> spec = item instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
            if (spec != null && spec.get("tool") instanceof Map<?, ?> tool) {
                spec = (Map<String, Object>) tool;
            }
            if (spec != null && spec.get("function") instanceof Map<?, ?> function) {
                spec = (Map<String, Object>) function;
            }
            String problem = problem(spec);
            if (problem != null) {
                problems.add("item " + i + ": " + problem);
                continue;
            }
            Map<String, Object> tool = new LinkedHashMap<>();
            tool.put("name", spec.get("name"));
            tool.put("description", spec.get("description"));
            tool.put("parameters", spec.get("parameters") instanceof Map<?, ?> p ? p : Map.of("type", "object", "properties", Map.of()));
            tools.add(tool);
        }
        return new DistractorAnswer(tools, problems);
    }

    private static String problem(Map<String, Object> spec) {
        if (spec == null) {
            return "not a tool object";
        }
        if (!(spec.get("name") instanceof String name) || !name.matches(NAME)) {
            return "no valid name (" + spec.get("name") + ")";
        }
        if (!(spec.get("description") instanceof String d) || d.isBlank()) {
            return "tool " + name + " has no description";
        }
        if (spec.get("parameters") != null && !(spec.get("parameters") instanceof Map)) {
            return "tool " + name + ": parameters is not a JSON schema object";
        }
        return null;
    }
}
