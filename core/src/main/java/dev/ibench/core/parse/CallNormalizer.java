package dev.ibench.core.parse;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a structured value found by a stage into {@link ToolCall}s in the seed's exchange format.
 * Accepted call shapes: {@code {name, arguments}}, {@code {name, parameters}}, the Llama
 * {@code {"type": "function", "name": ..., "parameters": {...}}}, the OpenAI {@code {"function": {name, arguments}}}
 * (arguments possibly a JSON string), and a top-level {@code {"tool_calls": [...]}}. Lists nested in extra
 * brackets ({@code [[...]]}) are flattened. Labels lose their {@code $} decoration ({@code "$X"} -> {@code X});
 * argument strings {@code $X}, {@code ${X}}, {@code $X$} that name a label of the sequence (or
 * {@code starting_table_var}) become the canonical {@code $X$}.
 */
final class CallNormalizer {
    private static final Pattern REFERENCE = Pattern.compile("^\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?\\$?$");
    private static final String STARTING_TABLE = "starting_table_var";

    /**
     * The well-formed calls, and a problem when some item is not a well-formed call. Such an item is left out (a call
     * is never emitted without a name); the problem makes the output {@code WRONG_FORMAT}.
     */
    record Result(List<ToolCall> calls, String problem, int malformedItems) {}

    private CallNormalizer() {}

    static Result normalize(Object value) {
        List<?> items = asItems(value);
        List<ToolCall> calls = new ArrayList<>();
        String problem = null;
        int malformed = 0;
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            String itemProblem = null;
            Map<?, ?> map = item instanceof Map<?, ?> m ? m : Map.of();
            if (!(item instanceof Map<?, ?>)) {
                itemProblem = "item " + i + " is not an object with name and arguments: " + abbreviate(item);
            }
            Map<?, ?> body = map.get("function") instanceof Map<?, ?> inner ? inner : map;
            Object name = body.get("name");
            String s = name instanceof String text ? text : "";
            if (itemProblem == null && s.isBlank()) {
                itemProblem = "item " + i + " has no string 'name'";
            }
            Object arguments = body.containsKey("arguments") ? body.get("arguments") : body.get("parameters");
            Optional<Map<String, Object>> args = asArguments(arguments);
            if (itemProblem == null && args.isEmpty()) {
                itemProblem = "item " + i + " ('" + s + "') has arguments that are not an object: " + abbreviate(arguments);
            }
            if (itemProblem != null) {
                problem = problem == null ? itemProblem : problem;
                malformed++;
                continue;
            }
            Object label = map.containsKey("label") ? map.get("label") : body.get("label");
            calls.add(new ToolCall(s.strip(), args.get(), label == null ? null : bareLabel(String.valueOf(label))));
        }
        return new Result(canonicalReferences(calls), problem, malformed);
    }

    /** {@code "$FILTERED_DF$"}, {@code "$FILTERED_DF"}, {@code "${FILTERED_DF}"} -> {@code FILTERED_DF}. */
    static String bareLabel(String label) {
        Matcher m = REFERENCE.matcher(label.strip());
        return m.matches() ? m.group(1) : label.strip();
    }

    private static List<?> asItems(Object value) {
        if (value instanceof Map<?, ?> map && map.get("tool_calls") instanceof List<?> toolCalls) {
            return toolCalls;
        }
        if (value instanceof Map<?, ?>) {
            return List.of(value);
        }
        if (!(value instanceof List<?> list)) {
            return java.util.Collections.singletonList(value);
        }
        List<?> current = list;
        while (current.size() == 1 && current.get(0) instanceof List<?> inner) {
            current = inner;
        }
        if (!current.isEmpty() && current.stream().allMatch(e -> e instanceof List<?>)) {
            List<Object> flat = new ArrayList<>();
            current.forEach(e -> flat.addAll((List<?>) e));
            return flat;
        }
        return current;
    }

    @SuppressWarnings("unchecked")
    private static Optional<Map<String, Object>> asArguments(Object arguments) {
        if (arguments == null) {
            return Optional.of(new LinkedHashMap<>());
        }
        if (arguments instanceof String text) {
            Optional<Object> parsed = JsonText.read(text);
            return parsed.isPresent() && parsed.get() instanceof Map<?, ?> m ? Optional.of((Map<String, Object>) m) : Optional.empty();
        }
        return arguments instanceof Map<?, ?> m ? Optional.of((Map<String, Object>) m) : Optional.empty();
    }

    private static List<ToolCall> canonicalReferences(List<ToolCall> calls) {
        Set<String> labels = new HashSet<>();
        labels.add(STARTING_TABLE);
        calls.forEach(c -> {
            if (c.label() != null) {
                labels.add(c.label());
            }
        });
        List<ToolCall> out = new ArrayList<>();
        for (ToolCall call : calls) {
            Map<String, Object> args = new LinkedHashMap<>();
            call.arguments().forEach((k, v) -> args.put(k, canonicalValue(v, labels)));
            out.add(new ToolCall(call.name(), args, call.label()));
        }
        return out;
    }

    private static Object canonicalValue(Object value, Set<String> labels) {
        if (value instanceof String s) {
            Matcher m = REFERENCE.matcher(s);
            if (s.startsWith("$") && m.matches() && labels.contains(m.group(1))) {
                return "$" + m.group(1) + "$";
            }
            return s;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(canonicalValue(v, labels)));
            return out;
        }
        return value;
    }

    private static String abbreviate(Object value) {
        String s = String.valueOf(value);
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
