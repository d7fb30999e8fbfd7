package dev.ibench.activities.store;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * Brings a results database written by an older ibench up to the current schema without losing rows.
 * SQLite cannot alter a CHECK constraint, so a {@code sample_results} table whose status check predates
 * {@code rejected} is rebuilt from the current schema's definition and its rows copied over, in one
 * transaction (several workers may open the file at once; the second one finds nothing left to do).
 */
final class ResultsSchemaUpgrade {
    private static final String SAMPLE_RESULTS_DDL = "CREATE TABLE IF NOT EXISTS sample_results";
    private static final String COLUMNS = "cell_id, sample_id, trial, status, completed, score_json, error, updated_at";

    private ResultsSchemaUpgrade() {}

    static void apply(Connection c, String[] schema) throws SQLException {
        if (!statusCheckPredatesRejected(c)) {
            return;
        }
        String ddl = Arrays.stream(schema).filter(s -> s.startsWith(SAMPLE_RESULTS_DDL)).findFirst()
                .orElseThrow(() -> new SQLException("schema resource has no sample_results table"));
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
            try {
                if (statusCheckPredatesRejected(c)) {
                    s.execute(ddl.replace(SAMPLE_RESULTS_DDL, "CREATE TABLE sample_results_upgrade"));
                    s.execute("INSERT INTO sample_results_upgrade(" + COLUMNS + ") SELECT " + COLUMNS + " FROM sample_results");
                    s.execute("DROP TABLE sample_results");
                    s.execute("ALTER TABLE sample_results_upgrade RENAME TO sample_results");
                }
                s.execute("COMMIT");
            } catch (SQLException e) {
                s.execute("ROLLBACK");
                throw e;
            }
        }
    }

    private static boolean statusCheckPredatesRejected(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT sql FROM sqlite_master WHERE type='table' AND name='sample_results'")) {
            return rs.next() && !rs.getString(1).contains("'" + SampleResultRecord.REJECTED + "'");
        }
    }
}
