package dev.ibench.activities.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One statement at a time on a results database, with positional arguments, for the stores that share its schema
 * (results, spend ledger); a failure names the database and what was being done.
 */
public final class StoreStatements {
    private final ResultsDatabase database;

    public StoreStatements(ResultsDatabase database) {
        this.database = database;
    }

    /** Runs one write on its own connection in autocommit. */
    public void update(String what, String sql, Object... args) {
        try (Connection c = database.connection(); PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, args);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    public <T> List<T> query(String what, String sql, RowMapper<T> mapper, Object... args) {
        try (Connection c = database.connection(); PreparedStatement ps = c.prepareStatement(sql)) {
            bind(ps, args);
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(mapper.map(rs));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    /** Runs one write in a transaction of its own connection (within {@link ResultsDatabase#inTransaction}, the running one). */
    public void updateInTransaction(String what, String sql, Object... args) {
        inTransaction(what, c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                bind(ps, args);
                ps.executeUpdate();
            }
        });
    }

    /** Runs {@code work} on one connection and commits it; a failure rolls it back and names what was being done. */
    public void inTransaction(String what, SqlWork work) {
        try (Connection c = database.connection()) {
            c.setAutoCommit(false);
            try {
                work.run(c);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                ResultsDatabase.abandonTransaction(c, e);
                throw e;
            }
        } catch (SQLException e) {
            throw failure(what, e);
        }
    }

    public ResultsStoreException failure(String what, SQLException e) {
        return new ResultsStoreException(database.description() + ": cannot " + what + ": " + DiskFull.explain(database.location(), e), e);
    }

    public static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
    }

    @FunctionalInterface
    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    @FunctionalInterface
    public interface SqlWork {
        void run(Connection c) throws SQLException;
    }
}
