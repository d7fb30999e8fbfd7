package dev.ibench.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON call list between a family's own markers, in a shape of its own:
 * <ul>
 *   <li>Cohere Command-R7B, Command A, Cohere2 MoE: {@code <|START_ACTION|>[{"tool_call_id": "0", "tool_name": NAME,
 *   "parameters": {...}}]<|END_ACTION|>};</li>
 *   <li>Command R+: the same items after {@code Action:} in a {@code ```json} fence;</li>
 *   <li>Apertus: {@code <|tools_prefix|>[{NAME: {...}}]<|tools_suffix|>}, each call an object with one key, the name.</li>
 * </ul>
 * Each item becomes {@code {name, arguments}}; an item of another shape is kept as written (the call is then wrong
 * format).
 */
public final class MarkedJsonListStage implements ParseStage {
    private static final String COHERE_OPEN = "<|START_ACTION|>";
    private static final String APERTUS_OPEN = "<|tools_prefix|>";
    private static final java.util.regex.Pattern COMMAND_R_PLUS = java.util.regex.Pattern.compile("(?m)^Action:\\s*```(?:json)?\\s*");

    @Override
    public String name() {
        return "marked_json_list";
    }

    @Override
    public Optional<Object> extract(String text) {
        boolean apertus = text.contains(APERTUS_OPEN);
        List<Integer> starts = new ArrayList<>();
        String open = apertus ? APERTUS_OPEN : COHERE_OPEN;
        for (int at = text.indexOf(open); at >= 0; at = text.indexOf(open, at + 1)) {
            starts.add(at + open.length());
        }
        java.util.regex.Matcher action = COMMAND_R_PLUS.matcher(text);
        while (!apertus && action.find()) {
            starts.add(action.end());
        }
        List<Object> calls = new ArrayList<>();
        char[] chars = text.toCharArray();
        for (int start : starts) {
            Optional<JsonText.Leading> list = JsonText.readLeadingStructure(chars, start);
            if (list.isPresent() && list.get().value() instanceof List<?> items) {
                for (Object item : items) {
                    calls.add(apertus ? apertusCall(item) : cohereCall(item));
                }
            }
        }
        return XmlArgumentValues.calls(calls);
    }

    private static Object cohereCall(Object item) {
        if (item instanceof Map<?, ?> m && m.get("tool_name") instanceof String name) {
            Object arguments = m.containsKey("parameters") ? m.get("parameters") : Map.of();
            return Map.of("name", name, "arguments", arguments == null ? Map.of() : arguments);
        }
        return item;
    }

    private static Object apertusCall(Object item) {
        if (item instanceof Map<?, ?> m && m.size() == 1) {
            Map.Entry<?, ?> only = m.entrySet().iterator().next();
            if (only.getValue() instanceof Map<?, ?> arguments && !"name".equals(only.getKey())) {
                return Map.of("name", String.valueOf(only.getKey()), "arguments", arguments);
            }
        }
        return item;
    }
}
