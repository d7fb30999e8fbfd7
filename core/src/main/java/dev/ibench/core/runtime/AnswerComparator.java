package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Decides whether two answers agree: same rows after unfolding, in order only when the SQL orders its
 * result, numbers equal within 1e-6 (absolute or relative), integers and reals compared by value.
 */
public final class AnswerComparator {
    public static final double TOLERANCE = 1e-6;

    private AnswerComparator() {}

    public static boolean same(Object expected, Object actual, boolean ordered) {
        return sameRows(AnswerShape.rows(expected), AnswerShape.rows(actual), ordered);
    }

    public static boolean sameRows(List<List<Object>> expected, List<List<Object>> actual, boolean ordered) {
        if (expected.size() != actual.size()) return false;
        List<List<Object>> e = expected;
        List<List<Object>> a = actual;
        if (!ordered) {
            e = sorted(expected);
            a = sorted(actual);
        }
        for (int i = 0; i < e.size(); i++) {
            if (!sameRow(e.get(i), a.get(i))) return false;
        }
        return true;
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows);
        Comparator<List<Object>> byCells = (x, y) -> {
            int n = Math.min(x.size(), y.size());
            for (int i = 0; i < n; i++) {
                int c = SqliteValues.compare(x.get(i), y.get(i));
                if (c != 0) return c;
            }
            return Integer.compare(x.size(), y.size());
        };
        out.sort(byCells);
        return out;
    }

    private static boolean sameRow(List<Object> x, List<Object> y) {
        if (x.size() != y.size()) return false;
        for (int i = 0; i < x.size(); i++) {
            if (!sameCell(x.get(i), y.get(i))) return false;
        }
        return true;
    }

    public static boolean sameCell(Object a, Object b) {
        Object x = SqliteValues.normalise(a);
        Object y = SqliteValues.normalise(b);
        if (x == null || y == null) return x == y;
        if (x instanceof Number n && y instanceof Number m) {
            double d = Math.abs(n.doubleValue() - m.doubleValue());
            return d <= TOLERANCE || d <= TOLERANCE * Math.max(Math.abs(n.doubleValue()), Math.abs(m.doubleValue()));
        }
        if (x instanceof byte[] || y instanceof byte[]) return SqliteValues.compare(x, y) == 0;
        return x.equals(y);
    }
}
