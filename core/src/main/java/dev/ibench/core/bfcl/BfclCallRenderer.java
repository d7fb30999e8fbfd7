package dev.ibench.core.bfcl;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders calls in BFCL's Python call syntax, {@code [func(a=1, b="x")]}, the way a model answering a BFCL prompt
 * writes them. Used by the BFCL oracle (first acceptable answer of a possible_answer entry) and by tests.
 */
public final class BfclCallRenderer {
    private BfclCallRenderer() {}

    /** Renders each expected call with the first acceptable value of every parameter, skipping parameters whose first value is {@code ""}. */
    public static String firstAcceptable(BfclPossibleAnswer answer) {
        return answer.groundTruth().stream().map(call -> {
            String name = call.keySet().iterator().next();
            String args = call.get(name).entrySet().stream()
                    .filter(e -> !e.getValue().isEmpty() && !"".equals(e.getValue().get(0)))
                    .map(e -> e.getKey() + "=" + python(e.getValue().get(0)))
                    .collect(Collectors.joining(", "));
            return name + "(" + args + ")";
        }).collect(Collectors.joining(", ", "[", "]"));
    }

    public static String python(Object value) {
        if (value == null) {
            return "None";
        }
        if (value instanceof String s) {
            return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return d == Math.rint(d) && Math.abs(d) < 1e15 ? BigDecimal.valueOf(d).setScale(1).toPlainString() : Double.toString(d);
        }
        if (value instanceof Number n) {
            return n.toString();
        }
        if (value instanceof List<?> list) {
            return list.stream().map(BfclCallRenderer::python).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream()
                    .filter(e -> !(e.getValue() instanceof List<?> l && !l.isEmpty() && "".equals(l.get(0))))
                    .map(e -> python(String.valueOf(e.getKey())) + ": " + python(firstOf(e.getValue())))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        return String.valueOf(value);
    }

    /** Dict values in possible answers are themselves lists of acceptable values. */
    private static Object firstOf(Object value) {
        return value instanceof List<?> l && !l.isEmpty() ? l.get(0) : value;
    }
}
