package dev.ibench.core.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Tables and columns of a SQLite database with case-insensitive lookup to their canonical spelling and declared type. */
public final class SchemaIndex {
    /** One column: canonical name and declared SQL type. */
    public record ColumnInfo(String name, String declaredType) {}

    private final Map<String, String> tables = new LinkedHashMap<>();
    private final Map<String, List<ColumnInfo>> columns = new LinkedHashMap<>();
    private final Map<String, List<String>> primaryKeys = new LinkedHashMap<>();

    public static SchemaIndex read(Connection c) throws SQLException {
        SchemaIndex s = new SchemaIndex();
        List<String> names = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT name FROM sqlite_master WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%'")) {
            while (rs.next()) names.add(rs.getString(1));
        }
        for (String t : names) {
            List<ColumnInfo> cols = new ArrayList<>();
            Map<Integer, String> pk = new java.util.TreeMap<>();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(\"" + t.replace("\"", "\"\"") + "\")")) {
                while (rs.next()) {
                    cols.add(new ColumnInfo(rs.getString("name"), rs.getString("type")));
                    if (rs.getInt("pk") > 0) pk.put(rs.getInt("pk"), rs.getString("name"));
                }
            }
            s.tables.put(t.toLowerCase(Locale.ROOT), t);
            s.columns.put(t.toLowerCase(Locale.ROOT), cols);
            s.primaryKeys.put(t.toLowerCase(Locale.ROOT), List.copyOf(pk.values()));
        }
        return s;
    }

    /** Canonical table name or null. */
    public String table(String name) {
        return tables.get(name.toLowerCase(Locale.ROOT));
    }

    public List<ColumnInfo> columns(String table) {
        return columns.getOrDefault(table.toLowerCase(Locale.ROOT), List.of());
    }

    /** The declared primary key columns of a table (empty when it declares none). */
    public List<String> primaryKey(String table) {
        return primaryKeys.getOrDefault(table.toLowerCase(Locale.ROOT), List.of());
    }

    /** Canonical column name in the table or null. */
    public String column(String table, String column) {
        for (ColumnInfo c : columns(table)) {
            if (c.name().equalsIgnoreCase(column)) return c.name();
        }
        return null;
    }

    public String declaredType(String table, String column) {
        for (ColumnInfo c : columns(table)) {
            if (c.name().equalsIgnoreCase(column)) return c.declaredType();
        }
        return null;
    }
}
