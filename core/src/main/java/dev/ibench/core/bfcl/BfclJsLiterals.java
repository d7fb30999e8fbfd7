package dev.ibench.core.bfcl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bfcl-eval's {@code js_type_converter}, ported: a JavaScript-category argument arrives as a string in JavaScript
 * syntax ({@code "'text'"}, {@code "42n"}, {@code "[1, 2]"}, {@code "new Array(1, 2)"}, {@code "{'k': 1}"}) and is read
 * into the value the possible answer holds; text that does not fit its type stays text. Empty where bfcl-eval raises.
 */
final class BfclJsLiterals {
    private static final Pattern INTEGER = Pattern.compile("^-?\\d+$", PythonText.RE);
    private static final Pattern FLOAT = Pattern.compile("^-?\\d+(\\.\\d+)?$", PythonText.RE);
    private static final Pattern BIGINT = Pattern.compile("^-?\\d+n$", PythonText.RE);
    private static final Pattern ARRAY_2D = Pattern.compile(
            "\\[\\s*\\[.*?\\]\\s*(,\\s*\\[.*?\\]\\s*)*\\]|\\bnew\\s+Array\\(\\s*\\[.*?\\]\\s*(,\\s*\\[.*?\\]\\s*)*\\)", PythonText.RE);
    private static final Pattern INNER = Pattern.compile("\\[(.*?)\\]", PythonText.RE);
    private static final Pattern ARRAY = Pattern.compile("\\[(.*?)\\]|\\bnew\\s+Array\\((.*?)\\)", PythonText.RE);
    private static final Pattern DICT = Pattern.compile("\\{(.*?)\\}", PythonText.RE);
    private static final Pattern PAIR = Pattern.compile("([^:]+):\\s*(.*?)(?:,\\s*(?=[^,]+:)|$)", PythonText.RE);
    /** bfcl-eval's {@code JS_TYPE_CONVERSION}: the Python type each JavaScript type is checked as. */
    static final Map<String, BfclValues.PyType> TYPES = Map.of("String", BfclValues.PyType.STR, "integer", BfclValues.PyType.INT,
            "float", BfclValues.PyType.FLOAT, "Bigint", BfclValues.PyType.INT, "Boolean", BfclValues.PyType.BOOL, "dict", BfclValues.PyType.DICT,
            "array", BfclValues.PyType.LIST, "any", BfclValues.PyType.STR);

    private BfclJsLiterals() {}

    static Optional<Object> convert(String value, String type, String nested) {
        switch (type) {
            case "String" -> {
                boolean quoted = value.startsWith("\"") && value.endsWith("\"") || value.startsWith("'") && value.endsWith("'");
                return Optional.of(quoted ? PythonText.inner(value) : value);
            }
            case "integer" -> {
                return INTEGER.matcher(value).lookingAt() ? PythonText.toInt(value).map(n -> (Object) n) : Optional.of(value);
            }
            case "float" -> {
                return FLOAT.matcher(value).lookingAt() ? PythonText.toFloat(value).map(d -> (Object) d) : Optional.of(value);
            }
            case "Bigint" -> {
                return BIGINT.matcher(value).lookingAt() ? PythonText.toInt(value.substring(0, value.length() - 1)).map(n -> (Object) n)
                        : Optional.of(value);
            }
            case "Boolean" -> {
                return Optional.of(value.equals("true") || value.equals("false") ? (Object) value.equals("true") : value);
            }
            case "dict" -> {
                return Optional.of(collection(value, "dict", nested));
            }
            case "array" -> {
                return Optional.of(collection(value, "array", nested));
            }
            case "any" -> {
                return Optional.of(value);
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /** bfcl-eval's {@code parse_js_collection}; where it catches its own failure it returns the text, and so does this. */
    private static Object collection(String text, String type, String nested) {
        String code = PythonText.strip(text);
        return type.equals("array") ? array(code, nested) : dict(code);
    }

    private static Object array(String code, String nested) {
        Matcher twoD = ARRAY_2D.matcher(code);
        if (twoD.lookingAt()) {
            return rows(twoD.group(0));
        }
        Matcher m = ARRAY.matcher(code);
        if (!m.lookingAt()) {
            return code;
        }
        String group = m.group(1) != null ? m.group(1) : m.group(2);
        List<String> parts = new ArrayList<>();
        if (group != null && !PythonText.strip(group).isEmpty()) {
            parts.addAll(List.of(PythonText.strip(group).split(",", -1)));
        }
        List<Object> elements = new ArrayList<>();
        for (String part : parts) {
            String e = PythonText.strip(part);
            if (nested == null) {
                elements.add(value(e));
                continue;
            }
            Optional<Object> converted = convert(e, nested, e.startsWith("'") || e.startsWith("\"") ? "String" : null);
            if (converted.isEmpty()) {
                return code;
            }
            elements.add(converted.get());
        }
        return elements;
    }

    /** A two-dimensional array: each inner {@code [...]} a row of values split at commas. */
    private static List<Object> rows(String array) {
        List<Object> elements = new ArrayList<>();
        Matcher inner = INNER.matcher(array);
        for (int idx = 0; inner.find(); idx++) {
            String s = PythonText.strip(inner.group(1));
            if (idx == 0 && s.startsWith("[")) {
                s = s.substring(1);
            }
            List<Object> row = new ArrayList<>();
            for (String e : s.split(",", -1)) {
                row.add(value(PythonText.strip(e)));
            }
            elements.add(row);
        }
        return elements;
    }

    private static Object dict(String code) {
        if (code.equals("{}")) {
            return new LinkedHashMap<>();
        }
        Matcher m = DICT.matcher(code);
        if (!m.lookingAt()) {
            return code;
        }
        Map<String, Object> dictionary = new LinkedHashMap<>();
        Matcher pair = PAIR.matcher(m.group(1));
        while (pair.find()) {
            String key = PythonText.strip(PythonText.strip(pair.group(1)), "'\"");
            String v = PythonText.strip(pair.group(2));
            if (v.startsWith("[") && v.endsWith("]")) {
                dictionary.put(key, collection(v, "array", null));
            } else if (v.startsWith("{") && v.endsWith("}")) {
                dictionary.put(key, collection(v, "dict", null));
            } else {
                dictionary.put(key, value(PythonText.strip(v, "'\"")));
            }
        }
        return dictionary;
    }

    /** bfcl-eval's {@code parse_js_value}. */
    static Object value(String text) {
        String s = PythonText.strip(text);
        if (s.equals("true") || s.equals("false")) {
            return s.equals("true");
        }
        if (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'")) {
            return PythonText.inner(s);
        }
        return PythonText.number(s);
    }
}
