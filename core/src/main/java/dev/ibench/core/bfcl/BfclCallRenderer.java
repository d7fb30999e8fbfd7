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

    /**
     * Renders each expected call with the first acceptable value of every parameter. A first value {@code ""} (the
     * optional marker) omits the parameter, unless the function requires it: then the first other value is used (BFCL
     * data marks some required parameters optional, e.g. simple_200's fuel_efficiency). The function name is the test's
     * description name ({@link BfclAstChecker#describe}).
     */
    @SuppressWarnings("unchecked")
    public static String firstAcceptable(BfclTestCase test, BfclPossibleAnswer answer) {
        return answer.groundTruth().stream().map(call -> {
            String answerName = call.keySet().iterator().next();
            Map<String, Object> description = BfclAstChecker.describe(test.functions(), answerName);
            List<String> required = (List<String>) ((Map<String, Object>) description.get("parameters")).getOrDefault("required", List.of());
            String args = call.get(answerName).entrySet().stream()
                    .map(e -> Map.entry(e.getKey(), e.getValue().stream().filter(v -> !"".equals(v) || !required.contains(e.getKey())).findFirst()))
                    .filter(e -> e.getValue().isPresent() && !"".equals(e.getValue().get()))
                    .map(e -> e.getKey() + "=" + python(e.getValue().get()))
                    .collect(Collectors.joining(", "));
            return description.get("name") + "(" + args + ")";
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
