package dev.ibench.core.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteConnection;

/** A runaway endpoint query stops at the executor's time limit instead of holding a scoring slot or a server thread. */
class EndpointExecutorDeadlineTest {
    private static final String RUNAWAY = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) AS c FROM n";

    @Test
    void aRunawayQueryFailsAtTheTimeLimitNamingIt() throws Exception {
        EndpointSpec spec = new EndpointSpec("count_forever", "GET", "/v1/x/count", "s", "d", List.of(), RUNAWAY, null, "test");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:")) {
            long start = System.nanoTime();
            CompletableFuture<Object> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return new EndpointExecutor(1, 10).executeBound(c, spec, List.of());
                } catch (SQLException e) {
                    return e;
                }
            });
            Object result;
            try {
                result = run.get(15, TimeUnit.SECONDS);
            } catch (TimeoutException hung) {
                ((SQLiteConnection) c).getDatabase().interrupt();
                throw new AssertionError("the runaway query was still running after 15 s (time limit 1 s)");
            } catch (ExecutionException e) {
                throw new AssertionError(e.getCause());
            }
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertThat(result).isInstanceOf(SQLException.class);
            assertThat(((SQLException) result).getMessage()).contains("time limit of 1 s");
            assertThat(ms).isBetween(900L, 5_000L);
        }
    }
}
