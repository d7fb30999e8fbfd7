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

    /** Python {@code ==} for JSON-like values. */
    static boolean pyEquals(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof Number x && b instanceof Number y && !(a instanceof Boolean) && !(b instanceof Boolean)) {
            return new BigDecimal(x.toString()).compareTo(new BigDecimal(y.toString())) == 0;
        }
        if (a instanceof List<?> x && b instanceof List<?> y) {
            return ElementWise.lists(x, y, BfclValues::pyEquals);
        }
        if (a instanceof Map<?, ?> x && b instanceof Map<?, ?> y) {
            return ElementWise.maps(x, y, BfclValues::pyEquals);
        }
        return a.equals(b);
    }

    static boolean pyContains(List<?> candidates, Object value) {
        return candidates.stream().anyMatch(c -> pyEquals(c, value));
    }

    /** Strings standardised, everything else unchanged (one level, as BFCL's list checker does). */
    static List<Object> standardizeItems(List<?> items) {
        List<Object> out = new ArrayList<>();
        items.forEach(i -> out.add(i instanceof String s ? standardize(s) : i));
        return out;
    }
}
