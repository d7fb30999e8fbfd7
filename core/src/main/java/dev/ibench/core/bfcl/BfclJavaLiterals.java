package dev.ibench.core.bfcl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * bfcl-eval's {@code java_type_converter}, ported: a Java-category argument arrives as a string in Java syntax
 * ({@code "42L"}, {@code "3.5f"}, {@code "new int[]{1, 2}"}, {@code "new ArrayList<>(Arrays.asList(\"a\"))"},
 * {@code "new HashMap<String, Object>() {{ put(\"k\", 1); }}"}) and is read into the value the possible answer holds; text
 * that does not fit its type stays text. Empty where bfcl-eval raises ({@code Set}, {@code Hashtable}, {@code Queue},
 * {@code Stack}, a type it does not know).
 */
final class BfclJavaLiterals {
    private static final Pattern INTEGER = Pattern.compile("^-?\\d+$", PythonText.RE);
    private static final Pattern FLOAT = Pattern.compile("^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?[fF]$", PythonText.RE);
    private static final Pattern DOUBLE = Pattern.compile("^-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?$", PythonText.RE);
    private static final Pattern LONG = Pattern.compile("^-?\\d+[lL]$", PythonText.RE);
    private static final Pattern F_SUFFIX = Pattern.compile("[fF]$", PythonText.RE);
    private static final Pattern L_SUFFIX = Pattern.compile("[lL]$", PythonText.RE);
    private static final Pattern AS_LIST = Pattern.compile("new\\s+ArrayList<\\w*>\\(Arrays\\.asList\\((.+?)\\)\\)", PythonText.RE);
    private static final Pattern ADDS = Pattern.compile("new\\s+ArrayList<\\w*>\\(\\)\\s*\\{\\{\\s*(.+?)\\s*\\}\\}", PythonText.RE | Pattern.DOTALL);
    private static final Pattern ADD = Pattern.compile("add\\((.+?)\\)", PythonText.RE);
    private static final Pattern EMPTY_LIST = Pattern.compile("new\\s+ArrayList<\\w*>\\(\\)", PythonText.RE);
    private static final Pattern ARRAY = Pattern.compile("new\\s+\\w+\\[\\]\\s*\\{(.*?)\\}", PythonText.RE);
    private static final Pattern MAP = Pattern.compile("new\\s+HashMap<.*?>\\s*\\(\\)\\s*\\{\\s*\\{?\\s*(.*?)\\s*\\}?\\s*\\}", PythonText.RE | Pattern.DOTALL);
    private static final Pattern PUT = Pattern.compile("put\\(\"(.*?)\",\\s*(.*?)\\)", PythonText.RE);
    private static final Pattern EMPTY_MAP = Pattern.compile("new\\s+HashMap<.*?>\\s*\\(\\)", PythonText.RE);
    /** bfcl-eval's {@code JAVA_TYPE_CONVERSION}: the Python type each Java type is checked as. */
    static final Map<String, BfclValues.PyType> TYPES = Map.ofEntries(Map.entry("byte", BfclValues.PyType.INT),
            Map.entry("short", BfclValues.PyType.INT), Map.entry("integer", BfclValues.PyType.INT), Map.entry("float", BfclValues.PyType.FLOAT),
            Map.entry("double", BfclValues.PyType.FLOAT), Map.entry("long", BfclValues.PyType.INT), Map.entry("boolean", BfclValues.PyType.BOOL),
            Map.entry("char", BfclValues.PyType.STR), Map.entry("Array", BfclValues.PyType.LIST), Map.entry("ArrayList", BfclValues.PyType.LIST),
            Map.entry("Set", BfclValues.PyType.OTHER), Map.entry("HashMap", BfclValues.PyType.DICT), Map.entry("Hashtable", BfclValues.PyType.DICT),
            Map.entry("Queue", BfclValues.PyType.LIST), Map.entry("Stack", BfclValues.PyType.LIST), Map.entry("String", BfclValues.PyType.STR),
            Map.entry("any", BfclValues.PyType.STR));

    private BfclJavaLiterals() {}

    static Optional<Object> convert(String value, String type, String nested) {
        switch (type) {
            case "byte", "short", "integer" -> {
                return Optional.of(INTEGER.matcher(value).lookingAt() ? PythonText.toInt(value).map(n -> (Object) n).orElse(value) : value);
            }
            case "float" -> {
                return Optional.of(FLOAT.matcher(value).lookingAt()
                        ? PythonText.toFloat(F_SUFFIX.matcher(value).replaceAll("")).map(d -> (Object) d).orElse(value) : value);
            }
            case "double" -> {
                return Optional.of(DOUBLE.matcher(value).lookingAt() ? PythonText.toFloat(value).map(d -> (Object) d).orElse(value) : value);
            }
            case "long" -> {
                return Optional.of(LONG.matcher(value).lookingAt()
                        ? PythonText.toInt(L_SUFFIX.matcher(value).replaceAll("")).map(n -> (Object) n).orElse(value) : value);
            }
            case "boolean" -> {
                return Optional.of(value.equals("true") || value.equals("false") ? (Object) value.equals("true") : value);
            }
            case "char", "String", "any" -> {
                // bfcl-eval's char pattern ^\'.$\' can never match, so a char stays its text, as a String does
                return Optional.of(value);
            }
            case "ArrayList" -> {
                return arrayList(value, nested);
            }
            case "Array" -> {
                return array(value, nested);
            }
            case "HashMap" -> {
                return Optional.of(hashMap(value));
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    private static Optional<Object> element(String text, String nested) {
        if ("char".equals(nested) || "String".equals(nested)) {
            return Optional.of(PythonText.inner(text));
        }
        return nested != null ? convert(text, nested, null) : Optional.of(value(text));
    }

    private static Optional<Object> arrayList(String input, String nested) {
        Matcher asList = AS_LIST.matcher(input);
        if (asList.find()) {
            List<Object> elements = new ArrayList<>();
            for (String part : asList.group(1).split(",", -1)) {
                Optional<Object> e = element(PythonText.strip(part), nested);
                if (e.isEmpty()) {
                    return e;
                }
                elements.add(e.get());
            }
            return Optional.of(elements);
        }
        Matcher adds = ADDS.matcher(input);
        if (adds.find()) {
            List<Object> elements = new ArrayList<>();
            Matcher add = ADD.matcher(adds.group(1));
            while (add.find()) {
                Optional<Object> e = element(PythonText.strip(add.group(1)), nested);
                if (e.isEmpty()) {
                    return e;
                }
                elements.add(e.get());
            }
            return Optional.of(elements);
        }
        return Optional.of(EMPTY_LIST.matcher(input).find() ? new ArrayList<>() : input);
    }

    private static Optional<Object> array(String input, String nested) {
        Matcher m = ARRAY.matcher(input);
        if (!m.find()) {
            return Optional.of(input);
        }
        List<Object> elements = new ArrayList<>();
        for (String part : m.group(1).split(",", -1)) {
            String x = PythonText.strip(part);
            if (x.isEmpty()) {
                continue;
            }
            Optional<Object> e = nested != null ? convert(x, nested, null) : Optional.of(value(x));
            if (e.isEmpty()) {
                return e;
            }
            elements.add(e.get());
        }
        return Optional.of(elements);
    }

    private static Object hashMap(String input) {
        Matcher m = MAP.matcher(input);
        if (m.find()) {
            Map<String, Object> elements = new LinkedHashMap<>();
            String puts = m.group(1);
            if (!PythonText.strip(puts).isEmpty()) {
                Matcher put = PUT.matcher(puts);
                while (put.find()) {
                    elements.put(put.group(1), value(PythonText.strip(put.group(2))));
                }
            }
            return elements;
        }
        return EMPTY_MAP.matcher(input).find() ? new LinkedHashMap<>() : input;
    }

    /** bfcl-eval's {@code parse_java_value}. */
    static Object value(String s) {
        if (s.equals("true") || s.equals("false")) {
            return s.equals("true");
        }
        if (s.startsWith("\"") && s.endsWith("\"")) {
            return PythonText.inner(s);
        }
        if (LONG.matcher(s).lookingAt()) {
            return PythonText.toInt(s.substring(0, s.length() - 1)).map(n -> (Object) n).orElse(s);
        }
        if (FLOAT.matcher(s).lookingAt()) {
            return PythonText.toFloat(F_SUFFIX.matcher(s).replaceAll("")).map(d -> (Object) d).orElse(s);
        }
        return PythonText.number(s);
    }
}
