package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grounds NESTful-style references before comparison, as the seed authors' scorer does: in an argument
 * {@code "$var_1.result$"} the label {@code var_1} is replaced by the name of the call that carries that label, so two
 * sequences that name their variables differently compare equal. A missing closing {@code $} is added
 * ({@code "$var_1.result"}), as NESTful's scorer does. SLOT/SEL references ({@code "$FILTERED_DF$"}, no
 * dot) are left unchanged, exactly like the authors' code (it only grounds strings starting with {@code $var}).
 */
public final class NestfulGrounding {
    private static final Pattern NESTED_REFERENCE = Pattern.compile("^\\$(var[A-Za-z0-9_]*)\\.(.*)$");

    private NestfulGrounding() {}

    public static List<ToolCall> ground(List<ToolCall> calls) {
        Map<String, String> nameByLabel = new HashMap<>();
        for (ToolCall call : calls) {
            if (call.label() != null) {
                nameByLabel.put(call.label().replace("$", ""), call.name());
            }
        }
        if (nameByLabel.isEmpty()) {
            return calls;
        }
        List<ToolCall> grounded = new ArrayList<>();
        for (ToolCall call : calls) {
            Map<String, Object> args = new LinkedHashMap<>();
            call.arguments().forEach((k, v) -> args.put(k, groundValue(v, nameByLabel)));
            grounded.add(new ToolCall(call.name(), args, call.label()));
        }
        return grounded;
    }

    private static Object groundValue(Object value, Map<String, String> nameByLabel) {
        if (value instanceof String s) {
            Matcher m = NESTED_REFERENCE.matcher(s);
            if (m.matches() && nameByLabel.containsKey(m.group(1))) {
                String field = m.group(2).endsWith("$") ? m.group(2).substring(0, m.group(2).length() - 1) : m.group(2);
                return "$" + nameByLabel.get(m.group(1)) + "." + field + "$";
            }
            return s;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(groundValue(v, nameByLabel)));
            return out;
        }
        return value;
    }
}
