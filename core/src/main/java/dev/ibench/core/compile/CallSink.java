package dev.ibench.core.compile;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects the calls of one compiled query and names their labels in the seed's style ({@code FILTERED_DF_3}). */
final class CallSink {
    private final List<ToolCall> calls = new ArrayList<>();

    /** Appends a call and returns its label. */
    String add(String tool, String labelPrefix, Object... keyValues) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) args.put((String) keyValues[i], keyValues[i + 1]);
        String label = labelPrefix + "_" + calls.size();
        calls.add(new ToolCall(tool, args, label));
        return label;
    }

    List<ToolCall> calls() {
        return calls;
    }

    static String ref(String label) {
        return "$" + label + "$";
    }
}
