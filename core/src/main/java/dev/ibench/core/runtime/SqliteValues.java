package dev.ibench.core.runtime;

import java.math.BigDecimal;
import java.util.Arrays;

/**
 * SQLite's value semantics for the runtime: storage-class order (NULL < numbers < text < blob),
 * numeric comparison across integer and real, and the affinity-like coercion SQLite applies when a
 * column is compared with a literal (numeric text meets a number as a number).
 */
public final class SqliteValues {
    private SqliteValues() {}

    /** Normalises JDBC/JSON values to the runtime's storage classes: Long, Double, String, byte[] or null. */
    public static Object normalise(Object v) {
        if (v == null || v instanceof Long || v instanceof Double || v instanceof String || v instanceof byte[]) {
            return v;
        }
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof java.math.BigInteger b) {
            return b.longValue();
        }
        if (v instanceof BigDecimal b) {
            return b.stripTrailingZeros().scale() <= 0 ? (Object) b.longValue() : (Object) b.doubleValue();
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        if (v instanceof Boolean b) {
            return b ? 1L : 0L;
        }
        return v.toString();
    }

    private static int rank(Object v) {
        if (v == null) return 0;
        if (v instanceof Number) return 1;
        if (v instanceof String) return 2;
        return 3;
    }

    /** Total order used by sorting, MIN/MAX and grouping. */
    public static int compare(Object a, Object b) {
        int ra = rank(a);
        int rb = rank(b);
        if (ra != rb) return Integer.compare(ra, rb);
        switch (ra) {
            case 0:
                return 0;
            case 1:
                return compareNumbers((Number) a, (Number) b);
            case 2:
                return ((String) a).compareTo((String) b);
            default:
                return Arrays.compare((byte[]) a, (byte[]) b);
        }
    }

    static int compareNumbers(Number a, Number b) {
        if (a instanceof Long x && b instanceof Long y) return Long.compare(x, y);
        return Double.compare(a.doubleValue(), b.doubleValue());
    }

    /**
     * Compares a cell with a filter literal the way SQLite compares a column with a constant:
     * a number against numeric text compares numerically, text against a number compares as text.
     * Returns null when either side is NULL (the comparison is unknown and the row is dropped).
     */
    public static Integer compareForFilter(Object cell, Object literal) {
        if (cell == null || literal == null) return null;
        if (cell instanceof Number c && literal instanceof String s) {
            Double parsed = parseNumber(s);
            return parsed == null ? Integer.valueOf(-1) : Integer.valueOf(compareNumbers(c, parsed));
        }
        if (cell instanceof String c && literal instanceof Number n) {
            Double parsed = parseNumber(c);
            if (parsed != null) return compareNumbers(parsed, n);
            return 1;
        }
        return compare(cell, literal);
    }

    public static Double parseNumber(String s) {
        String t = s.trim();
        if (t.isEmpty()) return null;
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** SQLite's text rendering of a value (used by LIKE, substring and date functions). */
    public static String asText(Object v) {
        if (v == null) return null;
        if (v instanceof Double d) {
            if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) return String.format("%.1f", d);
            return Double.toString(d);
        }
        if (v instanceof byte[] b) return new String(b, java.nio.charset.StandardCharsets.UTF_8);
        return v.toString();
    }

    /** Numeric value of a cell for SUM/AVG/arithmetic (text is parsed as SQLite does, else 0). */
    public static Number asNumber(Object v) {
        if (v instanceof Number n) return n;
        if (v instanceof String s) {
            java.util.regex.Matcher m = NUMERIC_PREFIX.matcher(s);
            if (!m.find()) return 0L;
            String t = m.group(1);
            try {
                return Long.parseLong(t.startsWith("+") ? t.substring(1) : t);
            } catch (NumberFormatException e) {
                return Double.parseDouble(t);
            }
        }
        return 0L;
    }

    /** SQLite converts text to a number by its longest numeric prefix ("1988-04-01" is 1988). */
    private static final java.util.regex.Pattern NUMERIC_PREFIX =
            java.util.regex.Pattern.compile("^\\s*([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?)");

    /** Equality used for DISTINCT and grouping: same storage class and equal value (1 and 1.0 are equal). */
    public static boolean same(Object a, Object b) {
        return compare(a, b) == 0;
    }

    /** A hashable key consistent with {@link #same}. */
    public static Object groupKey(Object v) {
        if (v instanceof Number n) {
            double d = n.doubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 9e15) return (long) d;
            return d;
        }
        if (v instanceof byte[] b) return java.util.HexFormat.of().formatHex(b);
        return v;
    }
}
