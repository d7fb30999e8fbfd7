package dev.ibench.core.bfcl;

import dev.ibench.core.sample.ToolCall;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The first acceptable answer of a BFCL possible-answer entry, as calls (the gold sequence of an imported BFCL sample,
 * which the oracle answers) and in BFCL's Python call syntax, {@code [func(a=1, b="x")]}, the way a model answering a
 * BFCL prompt writes it.
 */
public final class BfclCallRenderer {
    private BfclCallRenderer() {}

    /**
     * Each expected call with the first acceptable value of every parameter. A first value {@code ""} (the optional
     * marker) omits the parameter, unless the function requires it: then the first other value is used (BFCL data marks
     * some required parameters optional, e.g. simple_200's fuel_efficiency). A first value {@code null} is the value
     * None. Dict values inside possible answers are themselves lists of acceptable values and get the same treatment.
     * The function name is the description's the checker uses ({@link BfclAstChecker#description}). In the Java and
     * JavaScript categories each value is written as that language's source text ({@link BfclLiteralRenderer}).
     */
    @SuppressWarnings("unchecked")
    public static List<ToolCall> firstAcceptableCalls(BfclTestCase test, BfclPossibleAnswer answer) {
        return answer.groundTruth().stream().map(call -> {
            String answerName = call.keySet().iterator().next();
            Map<String, Object> description = BfclAstChecker.description(test, call);
            Object parameters = description.get("parameters");
            List<?> required = parameters instanceof Map<?, ?> p && p.get("required") instanceof List<?> r ? r : List.of();
            Map<?, ?> properties = parameters instanceof Map<?, ?> p && p.get("properties") instanceof Map<?, ?> m ? m : Map.of();
            BfclLanguage language = BfclLanguage.of(test.category());
            Map<String, Object> args = new LinkedHashMap<>();
            call.get(answerName).forEach((param, acceptable) -> {
                for (Object v : acceptable == null ? List.of() : acceptable) {
                    if (!"".equals(v)) {
                        Map<String, Object> schema = properties.get(param) instanceof Map<?, ?> s ? (Map<String, Object>) s : Map.of();
                        args.put(param, BfclLiteralRenderer.render(language, concrete(v), schema));
                        return;
                    }
                    if (!required.contains(param)) {
                        return;
                    }
                }
            });
            return new ToolCall(String.valueOf(description.get("name")), args, null);
        }).toList();
    }

    /**
     * A value as a model writes it for a parameter of a function in {@code category}: unchanged for Python, the
     * language's source text for Java and JavaScript ({@link BfclLiteralRenderer}).
     */
    public static Object asArgument(String category, Object value, Map<String, Object> parameterSchema) {
        return BfclLiteralRenderer.render(BfclLanguage.of(category), value, parameterSchema);
    }

    /** {@link #firstAcceptableCalls} in BFCL's Python call syntax. */
    public static String firstAcceptable(BfclTestCase test, BfclPossibleAnswer answer) {
        return firstAcceptableCalls(test, answer).stream()
                .map(call -> call.name() + "(" + call.arguments().entrySet().stream()
                        .map(e -> e.getKey() + "=" + python(e.getValue())).collect(Collectors.joining(", ")) + ")")
                .collect(Collectors.joining(", ", "[", "]"));
    }

    /** A value of a possible answer with every nested dict's acceptable-value lists reduced to their first value. */
    private static Object concrete(Object value) {
        if (value instanceof List<?> list) {
            return list.stream().map(BfclCallRenderer::concrete).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> {
                Object first = v instanceof List<?> l && !l.isEmpty() ? l.get(0) : v;
                if (!"".equals(first)) {
                    out.put(String.valueOf(k), concrete(first));
                }
            });
            return out;
        }
        return value;
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
            return map.entrySet().stream().map(e -> python(String.valueOf(e.getKey())) + ": " + python(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        return String.valueOf(value);
    }
}
