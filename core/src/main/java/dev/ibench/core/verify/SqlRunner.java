package dev.ibench.core.verify;

import dev.ibench.core.runtime.SqliteValues;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Executes gold SQL on a read-only connection and returns its rows as SQLite values. */
public final class SqlRunner {
    private final int timeoutSeconds;
    private final int maxRows;

    public SqlRunner(int timeoutSeconds, int maxRows) {
        this.timeoutSeconds = timeoutSeconds;
        this.maxRows = maxRows;
    }

    /** Rows of the query; throws SQLException on SQL errors, timeouts or results above the row cap. */
    public List<List<Object>> run(Connection c, String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement st = c.createStatement()) {
            st.setQueryTimeout(timeoutSeconds);
            try (ResultSet rs = st.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    if (rows.size() >= maxRows) throw new SQLException("result has more than " + maxRows + " rows");
                    List<Object> row = new ArrayList<>(n);
                    for (int i = 1; i <= n; i++) row.add(SqliteValues.normalise(rs.getObject(i)));
                    rows.add(row);
                }
            }
        }
        return rows;
    }
}
