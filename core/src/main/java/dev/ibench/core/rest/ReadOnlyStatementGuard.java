package dev.ibench.core.rest;

import java.sql.SQLException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Refuses SQL that is not exactly one SELECT before it reaches the database ({@code SELECT 1; DROP TABLE t} is
 * refused, not cut). Defence in depth: endpoints also run on read-only connections, so a tampered spec file
 * cannot write either way.
 */
public final class ReadOnlyStatementGuard {
    private ReadOnlyStatementGuard() {}

    public static void check(String sql) throws SQLException {
        if (sql == null || sql.isBlank()) throw new SQLException("endpoint SQL is empty");
        Statements statements;
        try {
            statements = CCJSqlParserUtil.parseStatements(sql.replaceAll("\\?\\d+", "?"), p -> p.withTimeOut(10_000));
        } catch (Exception | Error e) {
            String msg = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new SQLException("endpoint SQL does not parse: " + msg.lines().findFirst().orElse(msg));
        }
        if (statements.size() != 1) throw new SQLException("endpoint SQL has " + statements.size() + " statements; exactly one SELECT is allowed");
        if (!(statements.get(0) instanceof Select)) throw new SQLException("endpoint SQL is not a SELECT statement");
    }
}
