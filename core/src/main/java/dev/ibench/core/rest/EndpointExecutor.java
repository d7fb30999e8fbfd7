package dev.ibench.core.rest;

import dev.ibench.core.runtime.SqliteValues;
import dev.ibench.core.runtime.QueryDeadline;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs an endpoint: its SQL template as a prepared statement with the bound arguments, so values never become
 * SQL text. The caller supplies a read-only connection and checks the spec's SQL once with
 * {@link ReadOnlyStatementGuard} when it loads the spec (parsing on every call would dominate latency). A query that
 * runs past the time limit (a runaway join) is stopped by a {@link QueryDeadline} and fails with an SQLException.
 */
public final class EndpointExecutor {
    private final int timeoutSeconds;
    private final int maxRows;

    public EndpointExecutor(int timeoutSeconds, int maxRows) {
        this.timeoutSeconds = timeoutSeconds;
        this.maxRows = maxRows;
    }

    public EndpointResult execute(Connection c, EndpointSpec spec, Map<String, ?> arguments) throws InvalidArgumentException, SQLException {
        return executeBound(c, spec, ArgumentBinder.bind(spec, arguments));
    }

    /** Runs with values already checked by {@link ArgumentBinder#bind}. */
    public EndpointResult executeBound(Connection c, EndpointSpec spec, List<Object> values) throws SQLException {
        // the deadline's progress handler belongs to the connection: hold it for the whole query
        synchronized (c) {
            QueryDeadline deadline = QueryDeadline.start(c, timeoutSeconds);
            try {
                return run(c, spec, values);
            } catch (SQLException e) {
                if (deadline.expired()) {
                    throw new SQLException("endpoint " + spec.name() + ": query stopped at the time limit of " + timeoutSeconds + " s", e);
                }
                throw e;
            } finally {
                deadline.close();
            }
        }
    }

    private EndpointResult run(Connection c, EndpointSpec spec, List<Object> values) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(spec.sql())) {
            int placeholders = st.getParameterMetaData().getParameterCount();
            if (placeholders != values.size()) {
                throw new SQLException("endpoint " + spec.name() + ": its SQL has " + placeholders + " placeholder(s) for "
                        + values.size() + " parameter(s); was its endpoints file edited by hand?");
            }
            st.setQueryTimeout(timeoutSeconds);
            for (int i = 0; i < values.size(); i++) {
                Object v = values.get(i);
                if (v instanceof Long l) st.setLong(i + 1, l);
                else if (v instanceof Double d) st.setDouble(i + 1, d);
                else if (v == null) st.setNull(i + 1, java.sql.Types.NULL);
                else st.setString(i + 1, v.toString());
            }
            try (ResultSet rs = st.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                int n = md.getColumnCount();
                List<String> columns = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) columns.add(md.getColumnLabel(i));
                List<List<Object>> rows = new ArrayList<>();
                boolean truncated = false;
                while (rs.next()) {
                    if (rows.size() >= maxRows) {
                        truncated = true;
                        break;
                    }
                    List<Object> row = new ArrayList<>(n);
                    for (int i = 1; i <= n; i++) row.add(SqliteValues.normalise(rs.getObject(i)));
                    rows.add(row);
                }
                return new EndpointResult(columns, rows, rows.size(), truncated);
            }
        }
    }
}
