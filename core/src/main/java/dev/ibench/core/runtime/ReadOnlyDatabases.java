package dev.ibench.core.runtime;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteOpenMode;

/** Read-only SQLite connections, one per database file, opened on first use (sqlite-jdbc serialises use of a connection). */
public final class ReadOnlyDatabases implements AutoCloseable {
    private final Map<Path, Connection> open = new HashMap<>();

    public synchronized Connection connection(Path file) throws SQLException {
        Path key = file.toAbsolutePath().normalize();
        Connection c = open.get(key);
        if (c != null) return c;
        if (!Files.isRegularFile(key)) {
            throw new SQLException("database file not found: " + file);
        }
        SQLiteConfig config = new SQLiteConfig();
        config.setReadOnly(true);
        config.setOpenMode(SQLiteOpenMode.READONLY);
        c = config.createConnection("jdbc:sqlite:" + key);
        open.put(key, c);
        return c;
    }

    @Override
    public synchronized void close() {
        for (Connection c : open.values()) {
            try {
                c.close();
            } catch (SQLException e) {
                // closing a read-only connection cannot lose data
            }
        }
        open.clear();
    }
}
