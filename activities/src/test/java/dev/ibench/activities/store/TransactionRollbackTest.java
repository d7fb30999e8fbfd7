package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the work of {@link ResultsDatabase#inOneTransaction} fails and the transaction is gone already (SQLite rolls a
 * transaction back by itself after some errors, a full disk among them), the rollback fails too: the caller sees the
 * work's own failure (the one that names a full disk), the rollback's added to it, not "no transaction is active".
 * Here the work ends the transaction itself (a raw COMMIT) before failing, on a real SQLite file.
 */
class TransactionRollbackTest {
    @TempDir Path tmp;

    @Test
    void aFailedRollbackDoesNotHideTheWorksOwnFailure() throws Exception {
        try (ResultsDatabase database = ResultsDatabase.open(tmp.resolve("results.db"))) {
            assertThatThrownBy(() -> database.inOneTransaction(() -> {
                try (Connection c = database.connection(); Statement s = c.createStatement()) {
                    s.execute("COMMIT");
                }
                throw new IllegalStateException("the work's own failure");
            })).isInstanceOf(IllegalStateException.class).hasMessage("the work's own failure")
                    .satisfies(e -> assertThat(e.getSuppressed()).isNotEmpty());

            // the connection went back to the pool usable: the next transaction commits
            database.inOneTransaction(() -> {
                try (Connection c = database.connection(); Statement s = c.createStatement()) {
                    s.execute("CREATE TABLE after_failure (x INTEGER)");
                }
            });
            try (Connection c = database.connection(); Statement s = c.createStatement()) {
                s.execute("INSERT INTO after_failure VALUES (1)");
            }
        }
    }
}
