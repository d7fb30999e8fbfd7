package dev.ibench.activities.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The database behind the results store: a HikariCP pool over SQLite (the embedded default, one file per
 * machine) or PostgreSQL (shared by workers on many machines), with the schema brought up to date by
 * {@link ResultsMigrations} on open. SQLite files are opened in WAL mode with a busy timeout so several
 * worker processes on one machine can write to one file; a process holds one SQLite connection, so its
 * writes are serialized as before pooling.
 */
public final class ResultsDatabase implements AutoCloseable {
    /** The environment variable that holds the PostgreSQL password; never logged, never stored. */
    public static final String PASSWORD_VARIABLE = "IBENCH_STORE_PASSWORD";

    private final StoreLocation location;
    private final HikariDataSource pool;

    private ResultsDatabase(StoreLocation location, HikariDataSource pool) {
        this.location = location;
        this.pool = pool;
    }

    /** A SQLite file (created with its directory if missing). */
    public static ResultsDatabase open(Path file) {
        return open(StoreLocation.sqliteFile(file, "results store file"), null);
    }

    /** Opens (and migrates) the store at {@code location}; {@code password} may be null. */
    public static ResultsDatabase open(StoreLocation location, String password) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(location.jdbcUrl());
        config.setPoolName("ibench-results");
        config.setInitializationFailTimeout(1);
        if (location.dialect() == StoreDialect.SQLITE) {
            createParent(location);
            config.setMaximumPoolSize(1);
            config.setConnectionTimeout(120_000);
            config.addDataSourceProperty("journal_mode", "WAL");
            config.addDataSourceProperty("busy_timeout", "30000");
            config.addDataSourceProperty("synchronous", "NORMAL");
        } else {
            config.setMaximumPoolSize(10);
            config.setConnectionTimeout(15_000);
            if (password != null && !password.isEmpty()) {
                config.setPassword(password);
            }
        }
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (RuntimeException e) {
            throw new ResultsStoreException(describe(location) + ": cannot connect: " + rootMessage(e), e);
        }
        try {
            ResultsMigrations.apply(pool, location.dialect());
        } catch (RuntimeException e) {
            pool.close();
            throw new ResultsStoreException(describe(location) + ": cannot migrate its schema: " + rootMessage(e), e);
        }
        return new ResultsDatabase(location, pool);
    }

    /** Opens the store named by a setting, reading the password from {@value #PASSWORD_VARIABLE}. */
    public static ResultsDatabase open(StoreLocation location) {
        return open(location, System.getenv(PASSWORD_VARIABLE));
    }

    private static void createParent(StoreLocation location) {
        Path parent = location.file().toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(describe(location) + ": cannot create its directory " + parent, e);
        }
    }

    private static String describe(StoreLocation location) {
        return "results store " + location.display() + " (" + location.setting() + ")";
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        String message = e.getMessage();
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
            if (t.getMessage() != null) {
                message = t.getMessage();
            }
        }
        return message;
    }

    /** A pooled connection; the caller closes it, which returns it to the pool. */
    public Connection connection() throws SQLException {
        return pool.getConnection();
    }

    public StoreDialect dialect() {
        return location.dialect();
    }

    public StoreLocation location() {
        return location;
    }

    /** How errors name this store: the URL without any password, and the setting it came from. */
    public String description() {
        return describe(location);
    }

    @Override
    public void close() {
        pool.close();
    }
}
