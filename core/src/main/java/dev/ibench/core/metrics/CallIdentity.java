package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.Map;
import java.util.TreeMap;

/**
 * The identity of a call for sequence matching: its name and its slots rendered as {@link PythonValueText}
 * ("name = value"), independent of argument order; labels are not part of the identity.
 */
public record CallIdentity(String name, Map<String, String> slots) {
    public static CallIdentity of(ToolCall call) {
        Map<String, String> slots = new TreeMap<>();
        call.arguments().forEach((k, v) -> slots.put(k, PythonValueText.str(v)));
        return new CallIdentity(call.name(), slots);
    }
}
