package dev.ibench.core.metrics;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders an argument value the way Python's {@code str()} does, because the seed authors compare slots as the
 * strings {@code f"{name} = {value}"}: strings as is, {@code True/False/None}, ints without and floats with a
 * fractional part ({@code 5} vs {@code 5.0}), lists and dicts in Python repr ({@code ['a', 1]}).
 */
public final class PythonValueText {
    private PythonValueText() {}

    public static String str(Object value) {
        return value instanceof String s ? s : repr(value);
    }

    public static String slot(String name, Object value) {
        return name + " = " + str(value);
    }

    static String repr(Object value) {
        if (value == null) {
            return "None";
        }
        if (value instanceof String s) {
            return s.contains("'") && !s.contains("\"") ? "\"" + s + "\"" : "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d)) {
                return "nan";
            }
            if (Double.isInfinite(d)) {
                return d > 0 ? "inf" : "-inf";
            }
            if (d == Math.rint(d) && Math.abs(d) < 1e16) {
                return BigDecimal.valueOf(d).setScale(1).toPlainString();
            }
            return Double.toString(d).replace("E", "e");
        }
        if (value instanceof Number n) {
            return n.toString();
        }
        if (value instanceof List<?> list) {
            return list.stream().map(PythonValueText::repr).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> repr(e.getKey()) + ": " + repr(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        return value.toString();
    }
}
