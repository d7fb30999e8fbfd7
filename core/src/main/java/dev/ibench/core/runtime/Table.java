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

    public Table(List<String> columns, List<Object[]> rows) {
        this.columns = List.copyOf(columns);
        Map<String, Integer> idx = new HashMap<>();
        for (int i = 0; i < this.columns.size(); i++) {
            idx.putIfAbsent(this.columns.get(i), i);
        }
        this.index = idx;
        this.rows = Collections.unmodifiableList(rows);
    }

    private Table(Table shape, List<Object[]> rows) {
        this.columns = shape.columns;
        this.index = shape.index;
        this.rows = Collections.unmodifiableList(rows);
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
