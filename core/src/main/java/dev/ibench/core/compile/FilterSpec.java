package dev.ibench.core.compile;

import java.util.LinkedHashMap;
import java.util.Map;

/** One filter to emit: key, condition wire name, and value (literal, list or "$LABEL$"; null for NULL tests). */
record FilterSpec(String key, String condition, Object value) {
    Map<String, Object> asObject() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("key_name", key);
        m.put("condition", condition);
        m.put("value", value);
        return m;
    }

    FilterSpec negated() {
        String c = switch (condition) {
            case "equal_to" -> "not_equal_to";
            case "not_equal_to" -> "equal_to";
            case "greater_than" -> "less_than_equal_to";
            case "less_than" -> "greater_than_equal_to";
            case "greater_than_equal_to" -> "less_than";
            case "less_than_equal_to" -> "greater_than";
            case "like" -> "not_like";
            case "not_like" -> "like";
            case "is_in" -> "not_in";
            case "not_in" -> "is_in";
            case "is_null" -> "is_not_null";
            case "is_not_null" -> "is_null";
            default -> null;
        };
        return c == null ? null : new FilterSpec(key, c, value);
    }
}
