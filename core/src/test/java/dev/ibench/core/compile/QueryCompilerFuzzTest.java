package dev.ibench.core.compile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.TestData;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.runtime.ExecutionOutcome;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.sql.SqlParsing;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.runtime.AnswerComparator;
import dev.ibench.core.runtime.AnswerShape;
import dev.ibench.core.runtime.OrderSensitivity;
import dev.ibench.core.verify.SqlRunner;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The SQL-to-API compiler over generated SELECT statements on the bundled BIRD superhero schema (joins, filters of
 * every comparison, grouping with and without bare columns, aggregates, ordering; no LIMIT; and token soup): each statement is either refused with a
 * reason (parse error or {@link UnsupportedQueryException#reason()}) or compiles to a SLOT sequence that the tool
 * runtime executes to the same answer as SQLite. Never an exception, never a silently wrong answer.
 */
class QueryCompilerFuzzTest {
    private static ReadOnlyDatabases dbs;
    private static Connection connection;
    private static QueryCompiler compiler;
    private static ToolRuntime runtime;
    private static final SqlRunner SQL = new SqlRunner(10, 10_000);
    private static final DatabaseEntry DB = new DatabaseEntry("superhero", TestData.superhero(),
            "bird/dev_databases/superhero/superhero.sqlite", Map.of(), List.of());
    private static final Map<String, AtomicInteger> OUTCOMES = new ConcurrentHashMap<>();

    @BeforeContainer
    static void open() throws SQLException {
        dbs = new ReadOnlyDatabases();
        connection = dbs.connection(TestData.superhero());
        compiler = new QueryCompiler(SchemaIndex.read(connection), DB, BuildMode.EXTENDED);
        runtime = new ToolRuntime(TestData.root(), true);
    }

    @AfterContainer
    static void close() {
        System.out.println("[measure] compiler fuzz outcomes: " + OUTCOMES);
        runtime.close();
        dbs.close();
    }

    @Property(seed = "20261126", shrinking = ShrinkingMode.OFF)
    void everySelectCompilesToAVerifiedSequenceOrIsRefusedWithAReason(@ForAll("selects") String sql) throws SQLException {
        CompiledQuery compiled;
        try {
            compiled = compiler.compile(sql);
        } catch (SqlParsing.SqlParseException e) {
            count("refused: parse");
            return;
        } catch (UnsupportedQueryException e) {
            assertThat(e.reason()).as(sql).isNotBlank();
            count("refused: " + e.reason());
            return;
        }
        List<List<Object>> rows;
        try {
            rows = SQL.run(connection, sql);
        } catch (SQLException e) {
            count("compiled, SQL itself fails");
            return;
        }
        EvalSample sample = new EvalSample("fuzz", "superhero", "q", sql, AnswerShape.fold(rows), compiled.calls(),
                compiled.initialization().toMap(), List.of(), compiled.keys());
        ExecutionOutcome outcome = runtime.execute(sample, compiled.calls());
        if (!outcome.ok()) {
            // the builder refuses these (sequence_error) with the observation as the reason
            assertThat(outcome.observations()).as(sql).isNotEmpty();
            count("compiled, refused at execution");
            return;
        }
        List<List<Object>> answer = AnswerShape.rows(outcome.answer());
        if (OrderSensitivity.ordered(sql) && !AnswerComparator.sameRows(rows, answer, true) && AnswerComparator.sameRows(rows, answer, false)) {
            // the same rows in another order: ORDER BY keys with ties leave the order open (SQLite's is one of several);
            // the builder refuses these as answer_mismatch, so nothing wrong is published
            count("compiled, same rows, order of ties differs (builder: answer_mismatch)");
            return;
        }
        assertThat(AnswerComparator.sameRows(rows, answer, OrderSensitivity.ordered(sql)))
                .as("compiled sequence answers like SQLite for %s%n calls %s%n answer %s%n SQL rows %s", sql, compiled.calls(),
                        outcome.answer(), rows.size() > 10 ? rows.subList(0, 10) + "..." : rows)
                .isTrue();
        count("compiled and verified");
    }

    private static void count(String outcome) {
        OUTCOMES.computeIfAbsent(outcome, k -> new AtomicInteger()).incrementAndGet();
    }

    private static final List<String> TEXT_COLUMNS = List.of("T1.superhero_name", "T1.full_name", "T2.publisher_name");
    private static final List<String> NUMBER_COLUMNS = List.of("T1.height_cm", "T1.weight_kg", "T1.id", "T1.gender_id", "T1.publisher_id");

    @Provide
    Arbitrary<String> selects() {
        Arbitrary<String> column = Arbitraries.of(concat(TEXT_COLUMNS, NUMBER_COLUMNS));
        Arbitrary<String> number = Arbitraries.of(NUMBER_COLUMNS);
        Arbitrary<String> text = Arbitraries.of(TEXT_COLUMNS);
        Arbitrary<String> textValue = Arbitraries.of("'Marvel Comics'", "'DC Comics'", "'Batman'", "'Spider-Man'", "'Nobody'", "''", "'O''Neil'");
        Arbitrary<String> numberValue = Arbitraries.integers().between(-5, 400).map(String::valueOf);
        Arbitrary<String> numberCondition = Combinators.combine(number, Arbitraries.of("=", ">", "<", ">=", "<=", "!=", "<>"), numberValue)
                .as((c, op, v) -> c + " " + op + " " + v);
        Arbitrary<String> textCondition = Combinators.combine(text, Arbitraries.of("=", "!=", "LIKE"), textValue,
                Arbitraries.of("", "%")).as((c, op, v, wild) -> op.equals("LIKE") && v.length() > 2
                        ? c + " LIKE '" + wild + v.substring(1, v.length() - 1) + wild + "'" : c + " " + op + " " + v);
        Arbitrary<String> between = Combinators.combine(number, numberValue, numberValue).as((c, a, b) -> c + " BETWEEN " + a + " AND " + b);
        Arbitrary<String> isNull = Combinators.combine(column, Arbitraries.of("IS NULL", "IS NOT NULL")).as((c, n) -> c + " " + n);
        Arbitrary<String> in = Combinators.combine(text, textValue, textValue).as((c, a, b) -> c + " IN (" + a + ", " + b + ")");
        Arbitrary<String> condition = Arbitraries.oneOf(numberCondition, textCondition, between, isNull, in);
        Arbitrary<String> where = condition.list().ofMinSize(0).ofMaxSize(3).flatMap(cs -> Arbitraries.of(" AND ", " OR ")
                .map(glue -> cs.isEmpty() ? "" : " WHERE " + String.join(glue, cs)));
        Arbitrary<String> aggregate = Arbitraries.oneOf(number.map(c -> "MAX(" + c + ")"), number.map(c -> "MIN(" + c + ")"),
                number.map(c -> "AVG(" + c + ")"), number.map(c -> "SUM(" + c + ")"), column.map(c -> "COUNT(" + c + ")"),
                Arbitraries.just("COUNT(*)"), column.map(c -> "COUNT(DISTINCT " + c + ")"));
        Arbitrary<String> from = Arbitraries.of("superhero AS T1 INNER JOIN publisher AS T2 ON T1.publisher_id = T2.id",
                "superhero AS T1 JOIN publisher AS T2 ON T2.id = T1.publisher_id");
        // no LIMIT: with ties in the ORDER BY keys (or without ORDER BY) it keeps rows SQLite picks arbitrarily
        Arbitrary<String> limit = Arbitraries.just("");
        // standard SQL only: no bare columns (a column neither grouped nor aggregated next to an aggregate), whose value
        // SQLite picks from an arbitrary row of the group
        Arbitrary<String> plainColumns = column.list().ofMinSize(1).ofMaxSize(2).map(cs -> String.join(", ", cs));
        Arbitrary<String> rows = Combinators.combine(Arbitraries.of("", "DISTINCT "), plainColumns, from, where,
                Arbitraries.oneOf(Arbitraries.just(""), Combinators.combine(column, Arbitraries.of("", " ASC", " DESC")).as((c, d) -> " ORDER BY " + c + d)),
                limit).as((distinct, cols, f, w, o, l) -> "SELECT " + distinct + cols + " FROM " + f + w + o + l);
        Arbitrary<String> aggregates = Combinators.combine(aggregate.list().ofMinSize(1).ofMaxSize(2), from, where)
                .as((aggs, f, w) -> "SELECT " + String.join(", ", aggs) + " FROM " + f + w);
        // grouped queries, also with bare columns (neither grouped nor aggregated: SQLite takes them from a row of its
        // choice, or from the row of a lone MIN/MAX), which must be refused unless the grouped primary key fixes them
        Arbitrary<String> grouped = Combinators.combine(column, aggregate, Arbitraries.integers().between(0, 5), from, where,
                Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 4), column)
                .as((g, agg, shape, f, w, having, order, bare) -> {
                    String select = switch (shape) {
                        case 0 -> g;
                        case 1 -> g + ", " + agg;
                        case 2 -> agg + ", " + g;
                        case 3 -> agg;
                        case 4 -> g + ", " + bare + ", " + agg;
                        default -> bare + ", " + agg;
                    };
                    String havingClause = having == 0 ? "" : " HAVING COUNT(*) > " + (having - 1);
                    String orderClause = switch (order) {
                        case 0 -> "";
                        case 1 -> " ORDER BY " + g;
                        case 2 -> " ORDER BY COUNT(*) DESC";
                        case 3 -> " ORDER BY " + agg + " DESC";
                        default -> " ORDER BY " + bare;
                    };
                    return "SELECT " + select + " FROM " + f + w + " GROUP BY " + g + havingClause + orderClause;
                });
        Arbitrary<String> query = Arbitraries.oneOf(rows, aggregates, grouped);
        Arbitrary<String> soup = Arbitraries.of("SELECT", "FROM", "WHERE", "superhero", "T1", "(", ")", ",", "*", "=", "'", "AND", "JOIN",
                "GROUP BY", "ORDER BY", "LIMIT", "1", "UNION", ";", "--", "CASE WHEN", "END", "CAST(", "AS", "REAL)")
                .list().ofMaxSize(15).map(ts -> String.join(" ", ts));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(9, query), net.jqwik.api.Tuple.of(1, soup));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
