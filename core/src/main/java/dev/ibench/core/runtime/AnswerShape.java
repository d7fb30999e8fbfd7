package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Converts between answers and rows. Any answer (scalar, list of values, list of rows) unfolds to rows;
 * SQL rows fold as the seed stores gold answers: one cell becomes a scalar, one column a list of values,
 * anything else a list of rows.
 */
public final class AnswerShape {
    private AnswerShape() {}

    public static List<List<Object>> rows(Object answer) {
        List<List<Object>> out = new ArrayList<>();
        if (answer instanceof List<?> list) {
            for (Object o : list) {
                if (o instanceof List<?> row) {
                    List<Object> r = new ArrayList<>(row.size());
                    for (Object c : row) r.add(SqliteValues.normalise(c));
                    out.add(r);
                } else {
                    List<Object> r = new ArrayList<>(1);
                    r.add(SqliteValues.normalise(o));
                    out.add(r);
                }
            }
            return out;
        }
        List<Object> r = new ArrayList<>(1);
        r.add(SqliteValues.normalise(answer));
        out.add(r);
        return out;
    }

    public static Object fold(List<List<Object>> rows) {
        if (rows.size() == 1 && rows.get(0).size() == 1) return rows.get(0).get(0);
        boolean oneColumn = !rows.isEmpty() && rows.stream().allMatch(r -> r.size() == 1);
        if (oneColumn) {
            List<Object> out = new ArrayList<>(rows.size());
            for (List<Object> r : rows) out.add(r.get(0));
            return out;
        }
        return rows;
    }
}
