package dev.ibench.core.runtime;

import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;

/** Whether a query's result order is meaningful: its outermost SELECT has an ORDER BY. */
public final class OrderSensitivity {
    private OrderSensitivity() {}

    public static boolean ordered(String sql) {
        if (sql == null) return false;
        try {
            Statement st = CCJSqlParserUtil.parse(sql);
            if (st instanceof PlainSelect ps) return ps.getOrderByElements() != null && !ps.getOrderByElements().isEmpty();
            if (st instanceof Select s) return s.getOrderByElements() != null && !s.getOrderByElements().isEmpty();
            return false;
        } catch (Exception | Error e) {
            return sql.toUpperCase(java.util.Locale.ROOT).contains("ORDER BY");
        }
    }
}
