package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A possible answer's value written as the Java or JavaScript source text a model answering a BFCL Java or JavaScript
 * question gives as the argument string ({@code 42L}, {@code 3.5f}, {@code new ArrayList<>(Arrays.asList("a"))},
 * {@code new HashMap<String, Object>() {{ put("k", 1); }}}, {@code [1, 2]}, {@code {'k': 1}}), chosen by the
 * parameter's declared type so that bfcl-eval's converter reads it back as the value. A value that is already text (a
 * variable name the answer holds) stays as it is.
 */
final class BfclLiteralRenderer {
    private BfclLiteralRenderer() {}

    static Object render(BfclLanguage language, Object value, Map<String, Object> schema) {
        if (language == BfclLanguage.PYTHON || value instanceof String) {
            return value;
        }
        String type = schema.get("type") instanceof String t ? t : "any";
        String items = BfclLanguage.itemsType(schema);
        return language == BfclLanguage.JAVA ? java(value, type, items) : js(value, type, items);
    }

    private static String java(Object value, String type, String items) {
        return switch (type) {
            case "long" -> value instanceof Number n ? n + "L" : text(value);
            case "float" -> value instanceof Number n ? number(n) + "f" : text(value);
            case "Array" -> value instanceof List<?> l
                    ? "new " + javaElementType(items) + "[]{" + l.stream().map(e -> javaElement(e, items, false)).collect(Collectors.joining(", ")) + "}"
                    : text(value);
            case "ArrayList" -> value instanceof List<?> l
                    ? l.isEmpty() ? "new ArrayList<>()"
                            : "new ArrayList<>(Arrays.asList(" + l.stream().map(e -> javaElement(e, items, true)).collect(Collectors.joining(", ")) + "))"
                    : text(value);
            case "HashMap" -> value instanceof Map<?, ?> m
                    ? m.isEmpty() ? "new HashMap<>()"
                            : "new HashMap<String, Object>() {{ " + m.entrySet().stream()
                                    .map(e -> "put(\"" + e.getKey() + "\", " + javaValue(e.getValue()) + ");").collect(Collectors.joining(" ")) + " }}"
                    : text(value);
            default -> text(value);
        };
    }

    private static String javaElementType(String items) {
        return switch (items == null ? "" : items) {
            case "integer" -> "int";
            case "long", "float", "double", "boolean", "char", "byte", "short" -> items;
            default -> "String";
        };
    }

    private static String javaElement(Object e, String items, boolean quoteText) {
        if (quoteText && ("String".equals(items) || "char".equals(items))) {
            return "\"" + text(e) + "\"";
        }
        return items == null ? javaValue(e) : java(e, items, null);
    }

    /** The text bfcl-eval's {@code parse_java_value} reads back as the value. */
    private static String javaValue(Object v) {
        if (v instanceof String s) {
            return "\"" + s + "\"";
        }
        if (v instanceof Double || v instanceof Float) {
            return number((Number) v) + "f";
        }
        return text(v);
    }

    private static String js(Object value, String type, String items) {
        return switch (type) {
            case "Bigint" -> value instanceof Number n ? n + "n" : text(value);
            case "array" -> value instanceof List<?> l
                    ? l.stream().map(e -> e instanceof String s ? "'" + s + "'" : js(e, items == null ? "any" : items, null))
                            .collect(Collectors.joining(", ", "[", "]"))
                    : text(value);
            case "dict" -> value instanceof Map<?, ?> m ? jsDict(m) : text(value);
            default -> text(value);
        };
    }

    private static String jsDict(Map<?, ?> m) {
        return m.entrySet().stream().map(e -> "'" + e.getKey() + "': " + jsValue(e.getValue())).collect(Collectors.joining(", ", "{", "}"));
    }

    private static String jsValue(Object v) {
        if (v instanceof String s) {
            return "'" + s + "'";
        }
        if (v instanceof List<?> l) {
            return l.stream().map(BfclLiteralRenderer::jsValue).collect(Collectors.joining(", ", "[", "]"));
        }
        if (v instanceof Map<?, ?> m) {
            return jsDict(m);
        }
        return text(v);
    }

    private static String number(Number n) {
        return n instanceof Double || n instanceof Float ? new java.math.BigDecimal(n.toString()).toPlainString() : n.toString();
    }

    private static String text(Object v) {
        if (v instanceof Boolean b) {
            return b ? "true" : "false";
        }
        if (v instanceof Number n) {
            return number(n);
        }
        return String.valueOf(v);
    }
}
