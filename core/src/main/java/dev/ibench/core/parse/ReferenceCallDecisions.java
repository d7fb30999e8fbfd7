package dev.ibench.core.parse;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which parsed items the reference scores as calls, and under which name. When the raw output contains the word
 * {@code label} anywhere, the reference grounds the items ({@code ground_seq_nested_repsonse}) and any item that is not
 * an object, has no {@code name}, has a non-string {@code label}, or has {@code arguments} (else {@code parameters})
 * that are not an object makes the whole output a parsing error: nothing is predicted. Grounding drops calls named
 * {@code var_result}. Without {@code label} every item stays. Then each item's name is read as {@code scoring.py}'s
 * {@code get_api_field_value} does: {@code <|endoftext|>} removed and {@code null} replaced by {@code {}} (also inside
 * names); an item without a usable name (not an object, no {@code name}, an empty or falsy name) is a wrong predicted
 * call of no name, emitted here as a malformed item (the output is {@code WRONG_FORMAT}). Arguments that are not an
 * object count as none.
 */
final class ReferenceCallDecisions {
    /** What the normaliser counts as one malformed item: the reference predicts a call with an empty name here. */
    static final String NO_NAME = "<the reference reads no name here>";

    private ReferenceCallDecisions() {}

    /** The items as calls ({@code {name, arguments}} maps, or {@link #NO_NAME}); empty when the reference fails. */
    static Optional<Object> decide(List<Object> items, boolean grounded) {
        List<Object> calls = new ArrayList<>();
        if (grounded) {
            for (Object item : items) {
                if (!(item instanceof Map<?, ?> map) || !map.containsKey("name")
                        || (map.get("label") != null && !(map.get("label") instanceof String))) {
                    return Optional.empty();
                }
            }
            for (Object item : items) {
                Map<?, ?> map = (Map<?, ?>) item;
                Object arguments = map.containsKey("arguments") ? map.get("arguments")
                        : map.containsKey("parameters") ? map.get("parameters") : Map.of();
                if (!(arguments instanceof Map<?, ?>)) {
                    return Optional.empty();
                }
                if (!"var_result".equals(map.get("name"))) {
                    calls.add(call(map.get("name"), arguments));
                }
            }
        } else {
            for (Object item : items) {
                calls.add(item instanceof Map<?, ?> map && map.containsKey("name") ? call(map.get("name"), map.get("arguments")) : NO_NAME);
            }
        }
        return Optional.of(calls);
    }

    private static Object call(Object rawName, Object arguments) {
        Optional<String> name = name(rawName);
        if (name.isEmpty()) {
            return NO_NAME;
        }
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", name.get());
        call.put("arguments", arguments instanceof Map<?, ?> ? arguments : Map.of());
        return call;
    }

    /**
     * The name as the reference predicts it, when it is one ibench can carry: a non-empty string kept verbatim
     * (ibench strips names, so a name with surrounding spaces, which no tool has, counts as malformed instead), an
     * integer other than 0, or {@code true} as Python's {@code str} writes it.
     */
    private static Optional<String> name(Object raw) {
        if (raw instanceof String s) {
            String read = s.replace("<|endoftext|>", "").replace("null", "{}");
            return read.isEmpty() || !read.equals(read.strip()) ? Optional.empty() : Optional.of(read);
        }
        if (raw instanceof Integer || raw instanceof Long || raw instanceof BigInteger) {
            return "0".equals(raw.toString()) ? Optional.empty() : Optional.of(raw.toString());
        }
        return Boolean.TRUE.equals(raw) ? Optional.of("True") : Optional.empty();
    }
}
