package dev.ibench.core.runtime;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds starting tables (the joined table of an initialization step) with SQLite and caches them per
 * (database, join spec): every sample over the same join reuses one in-memory table. Key names are
 * {@code <modified_table_name>_<column>}.
 */
public final class StartingTables implements AutoCloseable {
    /** Bound on cached cells (rows x columns, all tables); the least recently used tables are dropped first. */
    private static final long MAX_CACHED_CELLS = Long.getLong("ibench.joinCache.maxCells", 40_000_000L);

    private final ReadOnlyDatabases databases = new ReadOnlyDatabases();
    private final LinkedHashMap<String, Table> cache = new LinkedHashMap<>(16, 0.75f, true);
    private long cachedCells;
    private long builds;
    private final boolean caching;

    public StartingTables() {
        this(true);
    }

    /** {@code caching=false} rebuilds the join on every load (only for measuring what the cache saves). */
    public StartingTables(boolean caching) {
        this.caching = caching;
    }

    /** Thread-safe: sessions of one runtime may be opened from several threads. */
    public synchronized Table load(Path database, InitializationStep.JoinSpec spec) throws SQLException {
        String key = database.toAbsolutePath().normalize() + "|" + spec.cacheKey();
        Table t = caching ? cache.get(key) : null;
        if (t != null) return t;
        t = build(databases.connection(database), spec);
        builds++;
        if (caching) {
            cache.put(key, t);
            cachedCells += cells(t);
            var it = cache.entrySet().iterator();
            while (cachedCells > MAX_CACHED_CELLS && cache.size() > 1 && it.hasNext()) {
                Map.Entry<String, Table> eldest = it.next();
                if (eldest.getKey().equals(key)) continue;
                cachedCells -= cells(eldest.getValue());
                it.remove();
            }
        }
        return t;
    }

    /** How many joins were actually executed (the rest were served from the cache). */
    public long builds() {
        return builds;
    }

    public ReadOnlyDatabases databases() {
        return databases;
    }

    private static long cells(Table t) {
        return (long) t.size() * Math.max(1, t.columns().size());
    }

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    private static Table build(Connection c, InitializationStep.JoinSpec spec) throws SQLException {
        List<String> keys = new ArrayList<>();
        StringBuilder select = new StringBuilder("SELECT ");
        boolean first = true;
        for (Map.Entry<String, InitializationStep.AliasedTable> e : spec.aliases().entrySet()) {
            for (String col : columns(c, e.getValue().original())) {
                if (!first) select.append(", ");
                first = false;
                select.append(quote(e.getKey())).append('.').append(quote(col));
                keys.add(e.getValue().modified() + "_" + col);
            }
        }
        if (first) throw new SQLException("no columns found for tables " + spec.aliases().values());
        select.append(" FROM ");
        List<String> seen = new ArrayList<>();
        for (Map.Entry<String, InitializationStep.AliasedTable> e : spec.aliases().entrySet()) {
            String alias = e.getKey();
            String from = quote(e.getValue().original()) + " AS " + quote(alias);
            if (seen.isEmpty()) {
                select.append(from);
            } else {
                List<String> on = new ArrayList<>();
                String type = "INNER";
                for (InitializationStep.JoinCondition jc : spec.conditions()) {
                    String la = aliasOf(jc.left());
                    String ra = aliasOf(jc.right());
                    boolean touches = la.equals(alias) || ra.equals(alias);
                    boolean earlier = (la.equals(alias) || seen.contains(la)) && (ra.equals(alias) || seen.contains(ra));
                    if (touches && earlier) {
                        on.add(ref(jc.left()) + " = " + ref(jc.right()));
                        type = jc.type();
                    }
                }
                if (on.isEmpty()) {
                    select.append(" CROSS JOIN ").append(from);
                } else {
                    select.append(" ").append(type.equalsIgnoreCase("LEFT") ? "LEFT JOIN " : "INNER JOIN ").append(from)
                            .append(" ON ").append(String.join(" AND ", on));
                }
            }
            seen.add(alias);
        }
        List<Object[]> rows = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(select.toString())) {
            int n = keys.size();
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) row[i] = SqliteValues.normalise(rs.getObject(i + 1));
                rows.add(row);
            }
        }
        return new Table(keys, rows, true);
    }

    private static String aliasOf(String qualified) {
        int dot = qualified.indexOf('.');
        return dot < 0 ? "" : qualified.substring(0, dot);
    }

    private static String ref(String qualified) {
        int dot = qualified.indexOf('.');
        return quote(qualified.substring(0, dot)) + "." + quote(qualified.substring(dot + 1));
    }

    static List<String> columns(Connection c, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("PRAGMA table_info(" + quote(table) + ")")) {
            while (rs.next()) out.add(rs.getString("name"));
        }
        if (out.isEmpty()) throw new SQLException("unknown table '" + table + "'");
        return out;
    }

    @Override
    public synchronized void close() {
        cache.clear();
        cachedCells = 0;
        databases.close();
    }
}
