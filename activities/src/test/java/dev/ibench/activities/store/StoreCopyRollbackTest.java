package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a batch of {@link StoreCopy} fails and the target's transaction is gone already (SQLite ends it by itself after
 * some errors: a full disk, here a trigger's {@code RAISE(ROLLBACK)}), the rollback fails too; the copy must report the
 * batch's own failure, with the rollback's added to it, not "no transaction is active". As
 * {@link TransactionRollbackTest} for {@link ResultsDatabase#inOneTransaction}, on real SQLite files.
 */
class StoreCopyRollbackTest {
    @TempDir Path dir;

    @Test
    void aFailedRollbackDoesNotHideTheCopysOwnFailure() throws Exception {
        try (ResultsDatabase from = ResultsDatabase.open(dir.resolve("from.db"));
             ResultsDatabase to = ResultsDatabase.open(dir.resolve("to.db"))) {
            new ResultsStore(from).saveCampaign("c", "copy me", "{}");
            try (Connection c = to.connection(); Statement s = c.createStatement()) {
                s.execute("CREATE TRIGGER refuse_campaigns BEFORE INSERT ON campaigns "
                        + "BEGIN SELECT RAISE(ROLLBACK, 'refused by the test trigger'); END");
            }

            ResultsStoreException failed = catchThrowableOfType(() -> StoreCopy.copy(from, to), ResultsStoreException.class);

            assertThat(failed).hasMessageStartingWith("copy of table campaigns from ").hasMessageContaining("refused by the test trigger");
            assertThat(failed.getCause().getSuppressed()).as("the failed rollback, kept beside the cause")
                    .anySatisfy(rollback -> assertThat(rollback).hasMessageContaining("no transaction is active"));

            try (Connection c = to.connection(); Statement s = c.createStatement()) {
                s.execute("DROP TRIGGER refuse_campaigns");
            }
            StoreCopy.copy(from, to);
            try (Connection c = to.connection(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT name FROM campaigns WHERE campaign_id = 'c'")) {
                assertThat(rs.next()).as("the target stays usable: the copy run again arrives").isTrue();
                assertThat(rs.getString(1)).isEqualTo("copy me");
            }
        }
    }
}
