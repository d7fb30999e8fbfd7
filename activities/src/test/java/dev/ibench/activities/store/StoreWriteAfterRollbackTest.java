package dev.ibench.activities.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write of {@link ResultsStore} whose transaction SQLite ended by itself (a full disk; here a trigger's
 * {@code RAISE(ROLLBACK)}) must leave the store's connection usable: the next write, once the cause is gone, is stored.
 * Before the fix, the pooled connection kept a transaction the driver believed open and SQLite did not have, and every
 * later write failed with "cannot commit - no transaction is active" (SqliteDiskFullIT: scoring retried for minutes).
 */
class StoreWriteAfterRollbackTest {
    private static final String CELL = "c1/m/b/direct";

    @TempDir Path dir;

    @Test
    void aWriteAfterSqliteEndedTheTransactionByItselfIsStored() throws Exception {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            try (Connection c = db.connection(); Statement s = c.createStatement()) {
                s.execute("CREATE TRIGGER refuse_results BEFORE INSERT ON sample_results "
                        + "BEGIN SELECT RAISE(ROLLBACK, 'refused by the test trigger'); END");
            }

            ResultsStoreException failed = catchThrowableOfType(() -> store.saveSampleResult(
                    new SampleResultRecord(CELL, "s1", 0, SampleResultRecord.SCORED, true, "{}", null)), ResultsStoreException.class);
            assertThat(failed).hasMessageContaining("refused by the test trigger");

            try (Connection c = db.connection(); Statement s = c.createStatement()) {
                s.execute("DROP TRIGGER refuse_results");
            }
            store.saveSampleResult(new SampleResultRecord(CELL, "s1", 0, SampleResultRecord.SCORED, true, "{}", null));
            store.saveSampleResult(new SampleResultRecord(CELL, "s2", 0, SampleResultRecord.SCORED, false, "{}", null));
            assertThat(store.sampleResults(CELL)).extracting(SampleResultRecord::sampleId).containsExactlyInAnyOrder("s1", "s2");
        }
    }
}
