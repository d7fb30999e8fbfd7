package dev.ibench.core.runtime;

import java.util.LinkedHashMap;
import java.util.Map;

/** Results of earlier calls by label; a reference is written {@code "$LABEL$"}. */
public final class LabelStore {
    private final Map<String, Object> values = new LinkedHashMap<>();

    public static boolean isReference(String s) {
        return s.length() >= 3 && s.startsWith("$") && s.endsWith("$");
    }

    public void put(String label, Object value) {
        values.put(label, value);
    }

    Object find(String bare) {
        return values.get(bare);
    }

    public Object get(String reference, String usedBy) throws ToolArgumentException {
        String label = reference.substring(1, reference.length() - 1);
        if (!values.containsKey(label)) {
            throw new ToolArgumentException(usedBy + " refers to unknown label '" + reference + "'; known labels: " + values.keySet());
        }
        return values.get(label);
    }
}
