package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The aggregation types of {@code aggregate_data}, computed with SQLite's NULL handling. */
public enum Aggregation {
    MIN("min"), MAX("max"), SUM("sum"), MEAN("mean"), COUNT("count"), STD("std"), ARGMIN("argmin"), ARGMAX("argmax");

    private final String wireName;

    Aggregation(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Aggregation fromWire(String name) {
        for (Aggregation a : values()) {
            if (a.wireName.equals(name)) return a;
        }
        return null;
    }

    /** Aggregates a column; {@code values == null} means "rows" (COUNT(*)) and {@code rowCount} is used. */
    public Object compute(List<Object> values, int rowCount, boolean distinct) {
        if (values == null) {
            return (long) rowCount;
        }
        List<Object> present = present(values, distinct);
        return switch (this) {
            case COUNT -> (long) present.size();
            case MIN, MAX -> extreme(present);
            case ARGMIN, ARGMAX -> extremeIndex(values);
            case SUM -> sum(present);
            case MEAN -> mean(present);
            case STD -> sampleStandardDeviation(present);
        };
    }

    /** The non-NULL values, each distinct one once where {@code distinct} (SQLite's equality of values). */
    private static List<Object> present(List<Object> values, boolean distinct) {
        List<Object> present = new ArrayList<>();
        Set<Object> seen = new HashSet<>();
        for (Object v : values) {
            if (v == null) continue;
            if (distinct && !seen.add(SqliteValues.groupKey(v))) continue;
            present.add(v);
        }
        return present;
    }

    /** MIN or MAX: the first smallest (largest) value in SQLite's order, NULL if there is none. */
    private Object extreme(List<Object> present) {
        Object best = null;
        for (Object v : present) {
            if (best == null || (this == MIN ? SqliteValues.compare(v, best) < 0 : SqliteValues.compare(v, best) > 0)) best = v;
        }
        return best;
    }

    /** ARGMIN or ARGMAX: the index of the first smallest (largest) non-NULL value among all values, NULL if there is none. */
    private Object extremeIndex(List<Object> values) {
        int bestIndex = -1;
        Object best = null;
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            if (v == null) continue;
            if (best == null || (this == ARGMIN ? SqliteValues.compare(v, best) < 0 : SqliteValues.compare(v, best) > 0)) {
                best = v;
                bestIndex = i;
            }
        }
        return bestIndex < 0 ? null : (Object) (long) bestIndex;
    }

    /** An integer while every value is one, else a real; NULL over no values. */
    private static Object sum(List<Object> present) {
        if (present.isEmpty()) return null;
        boolean integral = true;
        long ls = 0;
        double ds = 0;
        for (Object v : present) {
            Number n = SqliteValues.asNumber(v);
            if (n instanceof Long l && integral) {
                ls += l;
            } else {
                integral = false;
            }
            ds += n.doubleValue();
        }
        return integral ? (Object) ls : (Object) ds;
    }

    private static Object mean(List<Object> present) {
        if (present.isEmpty()) return null;
        double s = 0;
        for (Object v : present) s += SqliteValues.asNumber(v).doubleValue();
        return s / present.size();
    }

    /** The sample standard deviation (n - 1); NULL under two values. */
    private static Object sampleStandardDeviation(List<Object> present) {
        if (present.size() < 2) return null;
        double mean = 0;
        for (Object v : present) mean += SqliteValues.asNumber(v).doubleValue();
        mean /= present.size();
        double ss = 0;
        for (Object v : present) {
            double d = SqliteValues.asNumber(v).doubleValue() - mean;
            ss += d * d;
        }
        return Math.sqrt(ss / (present.size() - 1));
    }

    /** Name of the key an aggregation adds to grouped data: {@code count} for row counts, else {@code <type>_<key>}. */
    public String resultKey(String key, boolean distinct) {
        if (key == null || key.isEmpty()) return "count";
        return wireName + (distinct ? "_distinct_" : "_") + key;
    }
}
