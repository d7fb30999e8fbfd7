package dev.ibench.core.bfcl;

import dev.ibench.core.json.ElementWise;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * BFCL's value semantics in Java: the Python type a JSON-schema type maps to ({@code integer -> int},
 * {@code float -> float}, {@code array/tuple -> list}, {@code dict -> dict}, {@code any -> str}), Python-style
 * equality (numbers compare by value, {@code 1 == 1.0}), and BFCL's string standardisation (drop spaces and
 * {@code ,./-_*^}, lower-case, single quotes to double quotes).
 */
final class BfclValues {
    private static final Pattern IGNORED = Pattern.compile("[ ,./\\-_*^]");

    enum PyType { STR, INT, FLOAT, BOOL, LIST, DICT, NONE, OTHER }

    private BfclValues() {}

    static PyType expectedType(String schemaType) {
        return switch (schemaType == null ? "any" : schemaType) {
            case "string", "any" -> PyType.STR;
            case "integer" -> PyType.INT;
            case "float", "number" -> PyType.FLOAT;
            case "boolean" -> PyType.BOOL;
            case "array", "tuple" -> PyType.LIST;
            case "dict", "object" -> PyType.DICT;
            default -> PyType.OTHER;
        };
    }

    static PyType typeOf(Object value) {
        if (value == null) {
            return PyType.NONE;
        }
        if (value instanceof String) {
            return PyType.STR;
        }
        if (value instanceof Boolean) {
            return PyType.BOOL;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof BigInteger || value instanceof Short) {
            return PyType.INT;
        }
        if (value instanceof Number) {
            return PyType.FLOAT;
        }
        if (value instanceof List<?>) {
            return PyType.LIST;
        }
        if (value instanceof Map<?, ?>) {
            return PyType.DICT;
        }
        return PyType.OTHER;
    }

    static String standardize(String s) {
        return IGNORED.matcher(s).replaceAll("").toLowerCase(Locale.ROOT).replace('\'', '"');
    }

    /**
     * The Python type of a possible answer's first value that is not the optional marker {@code ""}; BFCL's
     * {@code get_possible_answer_type}. Empty when every value is the marker. JSON {@code null} is {@code NONE}.
     */
    static java.util.Optional<PyType> possibleAnswerType(List<?> acceptable) {
        for (Object a : acceptable) {
            if (!"".equals(a)) {
                return java.util.Optional.of(typeOf(a));
            }
        }
        return java.util.Optional.empty();
    }

    /** Python {@code ==} for JSON-like values: numbers by value, and {@code True == 1}, {@code False == 0.0}. */
    static boolean pyEquals(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (isNumeric(a) && isNumeric(b) && (a instanceof Number || b instanceof Number)) {
            if (!finite(a) || !finite(b)) {
                return asDouble(a) == asDouble(b);
            }
            return numeric(a).compareTo(numeric(b)) == 0;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            return ElementWise.lists(x, y, BfclValues::pyEquals);
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return ElementWise.maps(x, y, BfclValues::pyEquals);
        }
        return a.equals(b);
    }

    private static boolean isNumeric(Object o) {
        return o instanceof Number || o instanceof Boolean;
    }

    private static BigDecimal numeric(Object o) {
        if (o instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        return new BigDecimal(o.toString());
    }

    private static double asDouble(Object o) {
        return o instanceof Boolean b ? (b ? 1 : 0) : ((Number) o).doubleValue();
    }

    private static boolean finite(Object o) {
        return !(o instanceof Double || o instanceof Float) || Double.isFinite(((Number) o).doubleValue());
    }

    static boolean pyContains(List<?> candidates, Object value) {
        return candidates.stream().anyMatch(c -> pyEquals(c, value));
    }

    /**
     * A possible answer's candidate as BFCL's list checker reads it: it indexes the candidate, so a list gives its
     * items, a string its characters (the optional marker {@code ""} thus acts as an acceptable empty list); empty for
     * any other value, on which BFCL's checker raises.
     */
    static java.util.Optional<List<Object>> indexable(Object candidate) {
        if (candidate instanceof List<?> l) {
            return java.util.Optional.of(new ArrayList<>(l));
        }
        if (candidate instanceof String s) {
            List<Object> chars = new ArrayList<>();
            s.codePoints().forEach(c -> chars.add(new String(Character.toChars(c))));
            return java.util.Optional.of(chars);
        }
        return java.util.Optional.empty();
    }

    /** Strings standardised, everything else unchanged (one level, as BFCL's list checker does). */
    static List<Object> standardizeItems(List<?> items) {
        List<Object> out = new ArrayList<>();
        items.forEach(i -> out.add(i instanceof String s ? standardize(s) : i));
        return out;
    }
}
