package dev.ibench.core.bfcl;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Python's {@code repr} of JSON-like values (str, int, float, bool, None, list, dict), as bfcl-eval's handlers put
 * Python values into prompt text ({@code repr(tool_results)}, {@code "{functions}".format(...)}): a string in single
 * quotes unless it holds a single quote and no double quote, with Python's escapes.
 */
public final class PythonRepr {
    private PythonRepr() {}

    public static String of(Object value) {
        if (value == null) {
            return "None";
        }
        if (value instanceof String s) {
            return string(s);
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof List<?> list) {
            return list.stream().map(PythonRepr::of).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> of(String.valueOf(e.getKey())) + ": " + of(e.getValue()))
                    .collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof Double || value instanceof Float) {
            return BfclCallRenderer.python(value);
        }
        return String.valueOf(value);
    }

    static String string(String s) {
        char quote = s.contains("'") && !s.contains("\"") ? '"' : '\'';
        StringBuilder out = new StringBuilder().append(quote);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c == quote) {
                        out.append('\\').append(c);
                    } else if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\x%02x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append(quote).toString();
    }
}
