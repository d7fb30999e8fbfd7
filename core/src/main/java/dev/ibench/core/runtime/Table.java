package dev.ibench.core.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An in-memory table: named columns (key names such as {@code superhero_full_name}) and rows of
 * SQLite values (Long, Double, String, byte[] or null). Rows are shared between derived tables and never mutated.
 */
public final class Table {
    private final List<String> columns;
    private final Map<String, Integer> index;
    private final List<Object[]> rows;
    /** Equality indexes per column, built on first use; only for shared starting tables (see {@link #indexed()}). */
    private final java.util.concurrent.ConcurrentHashMap<Integer, Map<Object, List<Object[]>>> equalityIndexes;

    public Table(List<String> columns, List<Object[]> rows) {
        this(columns, rows, false);
    }

    /** {@code indexed}: equality filters may build and keep a hash index per column (worth it for tables reused across sessions). */
    public Table(List<String> columns, List<Object[]> rows, boolean indexed) {
        this.columns = List.copyOf(columns);
        Map<String, Integer> idx = new HashMap<>();
        for (int i = 0; i < this.columns.size(); i++) {
            idx.putIfAbsent(this.columns.get(i), i);
        }
        this.index = idx;
        this.rows = Collections.unmodifiableList(rows);
        this.equalityIndexes = indexed ? new java.util.concurrent.ConcurrentHashMap<>() : null;
    }

    private Table(Table shape, List<Object[]> rows) {
        this.columns = shape.columns;
        this.index = shape.index;
        this.rows = Collections.unmodifiableList(rows);
        this.equalityIndexes = null;
    }

    public boolean indexed() {
        return equalityIndexes != null;
    }

    /**
     * Rows whose cell in column {@code i} may equal {@code literal} under SQLite comparison (a superset:
     * callers re-test each candidate), in table order. Only for indexed tables.
     */
    List<Object[]> equalityCandidates(int i, Object literal) {
        Map<Object, List<Object[]>> idx = equalityIndexes.computeIfAbsent(i, col -> {
            Map<Object, List<Object[]>> m = new HashMap<>();
            for (Object[] row : rows) {
                if (row[col] != null) m.computeIfAbsent(equalityKey(row[col]), k -> new ArrayList<>()).add(row);
            }
            return m;
        });
        return idx.getOrDefault(equalityKey(literal), List.of());
    }

    /** Values that SQLite's column-vs-literal comparison can find equal share this key (numeric text is keyed as its number). */
    private static Object equalityKey(Object v) {
        if (v instanceof String s) {
            Double d = SqliteValues.parseNumber(s);
            return d != null ? SqliteValues.groupKey(d) : s;
        }
        return SqliteValues.groupKey(v);
    }

    /** A table with the same columns and other rows. */
    public Table withRows(List<Object[]> newRows) {
        return new Table(this, newRows);
    }

    public List<String> columns() {
        return columns;
    }

    public List<Object[]> rows() {
        return rows;
    }

    public int size() {
        return rows.size();
    }

    public boolean hasColumn(String key) {
        return index.containsKey(key);
    }

    /** Column position, or -1. */
    public int columnIndex(String key) {
        Integer i = index.get(key);
        return i == null ? -1 : i;
    }

    public List<Object> column(int i) {
        List<Object> out = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            out.add(row[i]);
        }
        return out;
    }

    /** A table with one column added (or replaced when the key exists) holding the given values, one per row. */
    public Table withColumn(String key, List<Object> values) {
        int existing = columnIndex(key);
        List<String> cols = new ArrayList<>(columns);
        if (existing < 0) {
            cols.add(key);
        }
        List<Object[]> out = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            Object[] src = rows.get(r);
            Object[] row = existing < 0 ? java.util.Arrays.copyOf(src, src.length + 1) : src.clone();
            row[existing < 0 ? src.length : existing] = values.get(r);
            out.add(row);
        }
        return new Table(cols, out);
    }
}
