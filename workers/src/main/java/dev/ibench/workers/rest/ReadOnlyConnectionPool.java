package dev.ibench.workers.rest;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/**
 * A fixed number of read-only SQLite connections per database file (SQLite connections are not shared between
 * threads). Connections open with {@code SQLITE_OPEN_READONLY} and {@code PRAGMA query_only}, so no statement
 * can write, whatever its text.
 */
final class ReadOnlyConnectionPool implements AutoCloseable {
    private record Pool(BlockingQueue<Connection> idle, AtomicInteger opened) {}

    private final int size;
    private final Map<Path, Pool> pools = new ConcurrentHashMap<>();
    private final List<Connection> all = new ArrayList<>();

    ReadOnlyConnectionPool(int size) {
        this.size = size;
    }

    Connection borrow(Path db) throws SQLException, InterruptedException {
        Pool p = pools.computeIfAbsent(db, k -> new Pool(new ArrayBlockingQueue<>(size), new AtomicInteger()));
        Connection c = p.idle().poll();
        if (c != null) return c;
        if (p.opened().incrementAndGet() <= size) {
            Connection fresh = open(db);
            synchronized (all) {
                all.add(fresh);
            }
            return fresh;
        }
        p.opened().decrementAndGet();
        c = p.idle().poll(30, TimeUnit.SECONDS);
        if (c == null) throw new SQLException("no database connection free for " + db.getFileName() + " within 30 s");
        return c;
    }

    void release(Path db, Connection c) {
        pools.get(db).idle().offer(c);
    }

    static Connection open(Path db) throws SQLException {
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        Connection c = config.createConnection("jdbc:sqlite:" + db);
        try (Statement st = c.createStatement()) {
            st.execute("PRAGMA query_only = ON");
        }
        return c;
    }

    @Override
    public void close() {
        synchronized (all) {
            for (Connection c : all) {
            try {
                c.close();
            } catch (SQLException e) {
                // read-only connections hold no unsaved state
            }
        }
            all.clear();
        }
    }
}
