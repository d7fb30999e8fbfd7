package dev.ibench.core.runtime;

import java.sql.Connection;
import java.sql.SQLException;
import org.sqlite.ProgressHandler;

/**
 * A time limit on the queries of one SQLite connection. sqlite-jdbc's {@code setQueryTimeout} only bounds waits for
 * locks; a query that runs long (a runaway cross join) is stopped by a progress handler that SQLite calls every few
 * thousand virtual-machine steps and that interrupts the query once the deadline has passed: the query then fails
 * with an SQLException and {@link #expired()} is true. The handler belongs to the connection, so the caller holds the
 * connection (synchronizes on it) from {@link #start} to {@link #close}.
 */
public final class QueryDeadline implements AutoCloseable {
    private static final int STEPS_BETWEEN_CHECKS = 10_000;

    private final Connection connection;
    private final long deadlineNanos;
    private volatile boolean expired;

    private QueryDeadline(Connection connection, int seconds) {
        this.connection = connection;
        this.deadlineNanos = System.nanoTime() + seconds * 1_000_000_000L;
    }

    public static QueryDeadline start(Connection connection, int seconds) throws SQLException {
        QueryDeadline deadline = new QueryDeadline(connection, seconds);
        ProgressHandler.setHandler(connection, STEPS_BETWEEN_CHECKS, new ProgressHandler() {
            @Override
            protected int progress() {
                if (System.nanoTime() - deadline.deadlineNanos > 0) {
                    deadline.expired = true;
                    return 1;
                }
                return 0;
            }
        });
        return deadline;
    }

    public boolean expired() {
        return expired;
    }

    @Override
    public void close() throws SQLException {
        ProgressHandler.clearHandler(connection);
    }
}
