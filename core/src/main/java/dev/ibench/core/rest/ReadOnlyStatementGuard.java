package dev.ibench.core.rest;

import dev.ibench.core.sql.SqlParsing;
import java.sql.SQLException;

/**
 * Refuses SQL that is not a single SELECT before it reaches the database. Defence in depth: endpoints also run
 * on read-only connections, so a tampered spec file cannot write either way.
 */
public final class ReadOnlyStatementGuard {
    private ReadOnlyStatementGuard() {}

    public static void check(String sql) throws SQLException {
        try {
            SqlParsing.parseSelect(sql.replaceAll("\\?\\d+", "?"));
        } catch (SqlParsing.SqlParseException e) {
            throw new SQLException("endpoint SQL is not a single SELECT statement: " + e.getMessage());
        }
    }
}
