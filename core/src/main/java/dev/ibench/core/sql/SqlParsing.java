package dev.ibench.core.sql;

import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Select;

/** Parses gold SQL with JSqlParser; anything that is not a SELECT or does not parse is rejected with the reason. */
public final class SqlParsing {
    private SqlParsing() {}

    /** The SQL could not be parsed or is not a query. */
    public static final class SqlParseException extends Exception {
        public SqlParseException(String message) {
            super(message);
        }
    }

    public static Select parseSelect(String sql) throws SqlParseException {
        if (sql == null || sql.isBlank()) throw new SqlParseException("empty SQL");
        String cleaned = sql.trim();
        while (cleaned.endsWith(";")) cleaned = cleaned.substring(0, cleaned.length() - 1).trim();
        Statement st;
        try {
            st = CCJSqlParserUtil.parse(cleaned, p -> p.withTimeOut(10_000));
        } catch (Exception | Error e) {
            String msg = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new SqlParseException(msg.lines().findFirst().orElse(msg));
        }
        if (!(st instanceof Select s)) throw new SqlParseException("not a SELECT statement");
        return s;
    }
}
