package dev.ibench.core.sql;

import dev.ibench.core.runtime.AnswerComparator;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.runtime.OrderSensitivity;
import dev.ibench.core.runtime.QueryDeadline;
import dev.ibench.core.runtime.SqliteValues;
import dev.ibench.core.sample.EvalSample;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQL baseline (seed 000 Table 1, last column): runs the model's one query on the sample's database through a
 * read-only connection with a time and a row limit, and completes when the result equals the gold answer under the
 * builder's normalisation ({@link AnswerShape#fold}, {@link AnswerComparator}, order only when the gold SQL orders).
 * Only one SELECT (or WITH ... SELECT) is run; anything else is refused before it reaches the database, and the
 * read-only connection refuses any write that would slip through.
 */
public final class SqlBaselineJudge {
    private final int timeoutSeconds;
    private final int maxRows;

    public SqlBaselineJudge(int timeoutSeconds, int maxRows) {
        this.timeoutSeconds = timeoutSeconds;
        this.maxRows = maxRows;
    }

    /** @param readOnly a read-only connection to the sample's database */
    public SqlBaselineOutcome judge(EvalSample sample, String rawAnswer, Connection readOnly) {
        Optional<String> extracted = SqlAnswer.extract(rawAnswer);
        if (extracted.isEmpty()) {
            return SqlBaselineOutcome.fail("no_sql", "the answer holds no SQL query", null);
        }
        String sql = extracted.get();
        if (!SqlAnswer.startsAsQuery(sql)) {
            return SqlBaselineOutcome.fail("not_read_only", "only a SELECT query is run; the answer starts otherwise", sql);
        }
        if (hasSecondStatement(sql)) {
            return SqlBaselineOutcome.fail("not_read_only", "only one statement is run; the answer holds more", sql);
        }
        List<List<Object>> rows = new ArrayList<>();
        synchronized (readOnly) {
            try (QueryDeadline deadline = QueryDeadline.start(readOnly, timeoutSeconds)) {
                try (PreparedStatement st = readOnly.prepareStatement(sql); ResultSet rs = st.executeQuery()) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        if (rows.size() >= maxRows) {
                            return SqlBaselineOutcome.fail("too_many_rows", "the query returns more than " + maxRows + " rows", sql);
                        }
                        List<Object> row = new ArrayList<>(columns);
                        for (int i = 1; i <= columns; i++) {
                            row.add(SqliteValues.normalise(rs.getObject(i)));
                        }
                        rows.add(row);
                    }
                } catch (SQLException e) {
                    return failure(e, deadline.expired(), sql);
                }
            } catch (SQLException handlerProblem) {
                return SqlBaselineOutcome.fail("error", "cannot limit the query's time: " + handlerProblem.getMessage(), sql);
            }
        }
        Object answer = AnswerShape.fold(rows);
        if (!AnswerComparator.same(sample.goldAnswer(), answer, OrderSensitivity.ordered(sample.query()))) {
            return SqlBaselineOutcome.fail("wrong_result", "the result differs from the gold answer", sql);
        }
        return new SqlBaselineOutcome(true, null, null, sql);
    }

    private SqlBaselineOutcome failure(SQLException e, boolean timedOut, String sql) {
        String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
        if (timedOut) {
            return SqlBaselineOutcome.fail("timeout", "the query ran longer than " + timeoutSeconds + " s", sql);
        }
        if (message.toLowerCase().contains("readonly") || message.toLowerCase().contains("read-only")) {
            return SqlBaselineOutcome.fail("not_read_only", "the database refused a write: " + message, sql);
        }
        return SqlBaselineOutcome.fail("error", message, sql);
    }

    /** A {@code ;} outside quotes followed by more than whitespace. */
    private static boolean hasSecondStatement(String sql) {
        char quote = 0;
        for (int i = 0; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"' || c == '`') {
                quote = c;
            } else if (c == ';' && !sql.substring(i + 1).isBlank()) {
                return true;
            }
        }
        return false;
    }
}
