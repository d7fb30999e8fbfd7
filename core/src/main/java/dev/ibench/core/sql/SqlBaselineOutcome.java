package dev.ibench.core.sql;

/**
 * How a predicted SQL query fared: completed (same result as the gold answer), and otherwise why not
 * ({@code kind}: {@code no_sql}, {@code not_read_only}, {@code error}, {@code timeout}, {@code too_many_rows},
 * {@code wrong_result}) with a message. {@code sql} is the query as extracted (null when there was none).
 */
public record SqlBaselineOutcome(boolean completed, String kind, String message, String sql) {
    public static SqlBaselineOutcome fail(String kind, String message, String sql) {
        return new SqlBaselineOutcome(false, kind, message, sql);
    }
}
