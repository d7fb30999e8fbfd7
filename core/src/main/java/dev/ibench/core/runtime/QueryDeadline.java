package dev.ibench.core.runtime;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A time limit on a running SQLite query. sqlite-jdbc's {@code setQueryTimeout} only bounds waits for locks; a query
 * that runs long (a runaway cross join) is stopped by {@link Statement#cancel()}, which interrupts it
 * ({@code sqlite3_interrupt}): the query then fails with an SQLException and {@link #expired()} is true.
 */
public final class QueryDeadline implements AutoCloseable {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ibench-query-deadline");
        t.setDaemon(true);
        return t;
    });

    private final AtomicBoolean expired = new AtomicBoolean();
    private final ScheduledFuture<?> cancel;

    private QueryDeadline(Statement statement, int seconds) {
        this.cancel = TIMER.schedule(() -> {
            expired.set(true);
            try {
                statement.cancel();
            } catch (SQLException finishedMeanwhile) {
                // nothing left to stop
            }
        }, seconds, TimeUnit.SECONDS);
    }

    /** Starts the clock for {@code statement}; close the deadline when the query is done. */
    public static QueryDeadline start(Statement statement, int seconds) {
        return new QueryDeadline(statement, seconds);
    }

    public boolean expired() {
        return expired.get();
    }

    @Override
    public void close() {
        cancel.cancel(false);
    }
}
