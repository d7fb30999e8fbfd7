package dev.ibench.activities.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
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
    /** The connection of the transaction {@link #inOneTransaction} runs on this thread, if any. */
    private final ThreadLocal<Connection> bound = new ThreadLocal<>();
    private final ThreadLocal<List<java.util.function.Consumer<Boolean>>> afterTransaction = ThreadLocal.withInitial(ArrayList::new);

    /** SQLite only: a few more connections for reads, which WAL lets run beside the one writing connection; else null. */
    private final HikariDataSource readers;

    private ResultsDatabase(StoreLocation location, HikariDataSource pool, HikariDataSource readers) {
        this.location = location;
        this.pool = pool;
        this.readers = readers;
    }

    /** A SQLite file (created with its directory if missing). */
    public static ResultsDatabase open(Path file) {
        return open(StoreLocation.sqliteFile(file, "results store file"), null);
    }

    /**
     * Opens (and migrates) the store at {@code location} for a command or worker that writes; {@code password} may be
     * null. A SQLite file is created with its directory when missing; a database that holds other tables and no ibench
     * schema is refused untouched.
     */
    public static ResultsDatabase open(StoreLocation location, String password) {
        return open(location, password, true);
    }

    /**
     * Opens an existing store for a command that only reads it: nothing is created (a mistyped SQLite path is an
     * error, not a new empty store) and nothing is migrated. A database without the ibench schema is refused.
     */
    public static ResultsDatabase openForReading(StoreLocation location) {
        return open(location, System.getenv(PASSWORD_VARIABLE), false);
    }

    private static ResultsDatabase open(StoreLocation location, String password, boolean writing) {
        HikariConfig config = location.dialect() == StoreDialect.SQLITE ? sqliteWriterConfig(location, writing) : serverConfig(location, password);
        config.setInitializationFailTimeout(1);
        HikariDataSource pool;
        try {
            pool = new HikariDataSource(config);
        } catch (RuntimeException e) {
            throw new ResultsStoreException(describe(location) + ": cannot connect: " + rootMessage(e), e);
        }
        checkAndMigrate(location, pool, writing);
        return new ResultsDatabase(location, pool, readerPool(location, pool));
    }

    /** A SQLite file's one writing connection (SQLite serializes writers anyway), after the file is checked or created. */
    private static HikariConfig sqliteWriterConfig(StoreLocation location, boolean writing) {
        if (writing) {
            createParent(location);
        } else if (!Files.isRegularFile(location.file())) {
            throw new ResultsStoreException(describe(location) + ": no such file; this command only reads a results store "
                    + "and never creates one: check the path");
        }
        if (Files.isRegularFile(location.file())) {
            requireIbenchOrEmpty(location, writing); // before the pool, whose WAL setting would already change the file
        }
        HikariConfig config = sqlitePool(location, "ibench-results", 1);
        if (writing) {
            config.addDataSourceProperty("journal_mode", "WAL");
        }
        config.addDataSourceProperty("synchronous", "NORMAL");
        return config;
    }

    private static HikariConfig serverConfig(StoreLocation location, String password) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(location.jdbcUrl());
        config.setPoolName("ibench-results");
        config.setMaximumPoolSize(10);
        config.setConnectionTimeout(15_000);
        if (password != null && !password.isEmpty()) {
            config.setPassword(password);
        }
        return config;
    }

    /** Refuses a server database holding other tables, and migrates the schema for a writer; the pool closes on failure. */
    private static void checkAndMigrate(StoreLocation location, HikariDataSource pool, boolean writing) {
        try {
            if (location.dialect() != StoreDialect.SQLITE) {
                try (Connection c = pool.getConnection()) {
                    requireIbenchOrEmpty(location, StoreTables.of(c), writing);
                } catch (SQLException e) {
                    throw new ResultsStoreException(describe(location) + ": cannot list its tables: " + e.getMessage(), e);
                }
            }
            if (writing) {
                ResultsMigrations.apply(pool, location.dialect());
            }
        } catch (ResultsStoreException e) {
            pool.close();
            throw e;
        } catch (RuntimeException e) {
            pool.close();
            throw new ResultsStoreException(describe(location) + ": cannot migrate its schema: " + rootMessage(e), e);
        }
    }

    /** A SQLite file's pool of reading connections (null for a server database); closes {@code pool} on failure. */
    private static HikariDataSource readerPool(StoreLocation location, HikariDataSource pool) {
        if (location.dialect() != StoreDialect.SQLITE) {
            return null;
        }
        try {
            return new HikariDataSource(sqlitePool(location, "ibench-results-readers", 4));
        } catch (RuntimeException e) {
            pool.close();
            throw new ResultsStoreException(describe(location) + ": cannot connect for reads: " + rootMessage(e), e);
        }
    }

    private static void requireIbenchOrEmpty(StoreLocation location, boolean writing) {
        try (Connection c = java.sql.DriverManager.getConnection(location.jdbcUrl())) {
            requireIbenchOrEmpty(location, StoreTables.of(c), writing);
        } catch (SQLException e) {
            throw new ResultsStoreException(describe(location) + ": cannot open it as a SQLite database: " + e.getMessage(), e);
        }
    }

    /** A writer may start an empty database; nobody adds ibench's tables to a database that holds others. */
    private static void requireIbenchOrEmpty(StoreLocation location, StoreTables tables, boolean writing) {
        if (tables.holdsIbenchSchema() || (writing && tables.isEmpty())) {
            return;
        }
        if (tables.isEmpty()) {
            throw new ResultsStoreException(describe(location) + ": an empty database, not an ibench results store (no campaign "
                    + "was ever stored there): check the path");
        }
        throw new ResultsStoreException(describe(location) + ": not an ibench results store: it holds other tables (" + tables.sample()
                + ") and no ibench schema; ibench leaves it untouched: point --store / $IBENCH_STORE at a new file or an ibench store");
    }

    /** A pool of {@code size} connections to a SQLite file that wait up to 30 s for its lock (two minutes for a connection). */
    private static HikariConfig sqlitePool(StoreLocation location, String name, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(location.jdbcUrl());
        config.setPoolName(name);
        config.setMaximumPoolSize(size);
        config.setConnectionTimeout(120_000);
        config.addDataSourceProperty("busy_timeout", "30000");
        return config;
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

    /**
     * A pooled connection; the caller closes it, which returns it to the pool. Inside {@link #inOneTransaction} on the
     * same thread: that transaction's connection, whose close, commit, rollback and auto-commit calls are left to it.
     */
    public Connection connection() throws SQLException {
        Connection c = bound.get();
        return c != null ? joined(c) : pool.getConnection();
    }

    /**
     * A connection for one read that need not see this thread's writes in progress (none is, outside
     * {@link #inOneTransaction}): on SQLite one of a few reading connections, so a hot read (the response cache's
     * lookup before each model request) does not queue behind the writing connection; elsewhere {@link #connection}.
     */
    public Connection readConnection() throws SQLException {
        return readers == null || bound.get() != null ? connection() : readers.getConnection();
    }

    /** Work on the stores that may throw a JDBC failure. */
    @FunctionalInterface
    public interface Work {
        void run() throws SQLException;
    }

    /**
     * Runs {@code work} in one transaction: every store write it makes on this thread (results, spend ledger, response
     * cache) is committed together, or, when it throws, none is. One commit for many writes is what makes grouped
     * writes cheap on SQLite, whose single connection serializes every statement of the process.
     */
    public void inOneTransaction(Work work) {
        if (bound.get() != null) {
            throw new IllegalStateException("inOneTransaction does not nest");
        }
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(false);
            bound.set(c);
            try {
                work.run();
                c.commit();
            } catch (SQLException | RuntimeException | Error e) {
                try {
                    abandonTransaction(c, e);
                } finally {
                    endTransaction(false);
                    bound.remove();
                }
                throw e;
            }
            bound.remove();
            c.setAutoCommit(true);
            endTransaction(true);
        } catch (SQLException e) {
            throw new ResultsStoreException(description() + ": cannot write a group of results: " + DiskFull.explain(location, e), e);
        }
    }

    /**
     * Ends a transaction that failed with {@code failure}: rolls it back and puts the connection back into auto-commit,
     * so the pool gets it back usable. SQLite may have ended the transaction by itself (a full disk: "no transaction is
     * active"); the work's own failure is what the caller must see (a full disk is recognised by it, DiskFull), so a
     * failed rollback or reset is only added to it. Without the reset the driver would go on believing in a
     * transaction SQLite no longer has, and every later commit on that connection would fail.
     */
    static void abandonTransaction(Connection c, Throwable failure) {
        try {
            c.rollback();
        } catch (SQLException rollbackFailed) {
            failure.addSuppressed(rollbackFailed);
        }
        try {
            c.setAutoCommit(true);
        } catch (SQLException resetFailed) {
            failure.addSuppressed(resetFailed);
        }
    }

    /**
     * Calls {@code action} when this thread's running {@link #inOneTransaction} ends, with true when it committed and false
     * when it rolled back; at once with true outside one. What a caller remembers about the database (e.g. that a row is
     * held) is confirmed by the commit and forgotten on a rollback.
     */
    public void afterTransaction(java.util.function.Consumer<Boolean> action) {
        if (bound.get() == null) {
            action.accept(true);
        } else {
            afterTransaction.get().add(action);
        }
    }

    private void endTransaction(boolean committed) {
        List<java.util.function.Consumer<Boolean>> actions = new ArrayList<>(afterTransaction.get());
        afterTransaction.get().clear();
        actions.forEach(a -> a.accept(committed));
    }

    /**
     * Runs {@code work} inside this thread's running {@link #inOneTransaction} when there is one (its writes commit with
     * it), else in a transaction of its own: writes that must land together (a ledger row and its running totals).
     */
    public void inTransaction(Work work) {
        if (bound.get() == null) {
            inOneTransaction(work);
            return;
        }
        try {
            work.run();
        } catch (SQLException e) {
            throw new ResultsStoreException(description() + ": cannot write: " + e.getMessage(), e);
        }
    }

    /** {@code c} as seen by a store writing inside the running transaction: it may not end the transaction or close it. */
    private static Connection joined(Connection c) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "close", "commit", "rollback", "setAutoCommit" -> {
                            return null; // the transaction's owner ends it; a failing write still reaches it as an exception
                        }
                        case "isClosed" -> {
                            return false;
                        }
                        default -> { }
                    }
                    try {
                        return method.invoke(c, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
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
        if (readers != null) {
            readers.close();
        }
        pool.close();
    }
}
