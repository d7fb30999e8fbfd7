package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.LinkedHashMap;
import java.util.Map;

/** Compact call construction for hand-computed fixtures: {@code call("f", "a", 1, "b", "x")}. */
final class Calls {
    private Calls() {}

    static ToolCall call(String name, Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            args.put((String) keyValues[i], keyValues[i + 1]);
        }
        return new ToolCall(name, args, null);
    }
}
