package dev.ibench.core.compile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.TestData;
import dev.ibench.core.dataset.DatabaseEntry;
import dev.ibench.core.runtime.ReadOnlyDatabases;
import dev.ibench.core.runtime.ToolCatalog;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.sql.SchemaIndex;
import dev.ibench.core.sql.SqlParsing;
import dev.ibench.core.tools.BuildMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class QueryCompilerTest {
    private static ReadOnlyDatabases dbs;
    private static SchemaIndex schema;
    private static final DatabaseEntry DB = new DatabaseEntry("superhero", TestData.superhero(),
            "bird/dev_databases/superhero/superhero.sqlite", Map.of(), List.of());

    @BeforeAll
    static void open() throws Exception {
        dbs = new ReadOnlyDatabases();
        schema = SchemaIndex.read(dbs.connection(TestData.superhero()));
    }

    @AfterAll
    static void close() {
        dbs.close();
    }

    private static CompiledQuery compile(BuildMode mode, String sql) throws Exception {
        return new QueryCompiler(schema, DB, mode).compile(sql);
    }

    @Test
    void compilesJoinFiltersSortAndLimitInTheSeedsOrder() throws Exception {
        CompiledQuery q = compile(BuildMode.PAPER, "SELECT T1.superhero_name FROM superhero AS T1 INNER JOIN publisher AS T2 ON T1.publisher_id = T2.id "
                + "WHERE T2.publisher_name = 'Marvel Comics' AND T1.height_cm BETWEEN 170 AND 180 ORDER BY T1.weight_kg DESC LIMIT 3");
        assertThat(q.calls()).extracting(ToolCall::name).containsExactly("filter_data", "filter_data", "filter_data", "sort_data", "retrieve_data");
        assertThat(q.calls().get(0).arguments()).containsEntry("data_source", "$starting_table_var$").containsEntry("key_name", "publisher_publisher_name")
                .containsEntry("condition", "equal_to").containsEntry("value", "Marvel Comics");
        assertThat(q.calls().get(1).arguments()).containsEntry("condition", "greater_than_equal_to").containsEntry("value", 170L);
        assertThat(q.calls().get(3).arguments()).containsEntry("ascending", false).containsEntry("data_source", "$FILTERED_DF_2$");
        assertThat(q.calls().get(4).arguments()).containsEntry("limit", 3L).containsEntry("key_name", "superhero_superhero_name");
        Map<String, Object> init = q.initialization().toMap();
        assertThat(init).containsEntry("database_path", "bird/dev_databases/superhero/superhero.sqlite").containsEntry("name", "initialize_active_data");
        assertThat(init.get("arguments").toString()).contains("[T1.publisher_id, T2.id, INNER]");
        assertThat(q.keys()).extracting(k -> k.keyName()).contains("superhero_superhero_name", "publisher_publisher_name");
    }

    @Test
    void groupByWithOrderByCountUsesAggregatedKey() throws Exception {
        CompiledQuery q = compile(BuildMode.PAPER, "SELECT T2.publisher_name FROM superhero AS T1 JOIN publisher AS T2 ON T1.publisher_id = T2.id "
                + "GROUP BY T2.publisher_name ORDER BY COUNT(T1.id) DESC LIMIT 1");
        assertThat(q.calls()).extracting(ToolCall::name).containsExactly("group_data_by", "aggregate_data", "sort_data", "retrieve_data");
        assertThat(q.calls().get(2).arguments()).containsEntry("key_name", "count_superhero_id");
    }

    @Test
    void aBareColumnInAGroupIsRefusedWithAReasonInsteadOfCompilingToAWrongAnswer() {
        // SQLite answers the name of each publisher's tallest hero (a lone MAX picks its row); a tool sequence that groups by
        // publisher and retrieves the name cannot say which row, so the compiler refuses instead of compiling a guess
        for (String sql : List.of(
                "SELECT T1.superhero_name, MAX(T1.height_cm) FROM superhero AS T1 GROUP BY T1.publisher_id",
                "SELECT COUNT(*) FROM superhero AS T1 GROUP BY T1.publisher_id ORDER BY T1.height_cm",
                "SELECT T1.publisher_id FROM superhero AS T1 GROUP BY T1.publisher_id HAVING T1.weight_kg > 100",
                "SELECT T1.publisher_id, CAST(T1.height_cm AS REAL) FROM superhero AS T1 GROUP BY T1.publisher_id",
                // found by the fuzz test: compiled to 3050 where SQLite answers 30480, from the row of the maximum
                "SELECT DISTINCT T1.height_cm FROM superhero AS T1 GROUP BY T1.gender_id ORDER BY MAX(T1.height_cm) DESC")) {
            for (BuildMode mode : BuildMode.values()) {
                assertThatThrownBy(() -> compile(mode, sql)).as(mode + ": " + sql).isInstanceOf(UnsupportedQueryException.class)
                        .satisfies(e -> {
                            assertThat(((UnsupportedQueryException) e).reason()).isEqualTo("unsupported_bare_column_in_group");
                            assertThat(e.getMessage()).contains("neither grouped nor aggregated");
                        });
            }
        }
    }

    @Test
    void aColumnFixedByTheGroupedPrimaryKeyIsNotBare() throws Exception {
        // superhero.id is the table's primary key: every row of a group has the same name
        CompiledQuery q = compile(BuildMode.PAPER, "SELECT T1.superhero_name, COUNT(*) FROM superhero AS T1 GROUP BY T1.id");
        assertThat(q.calls()).extracting(ToolCall::name).containsExactly("group_data_by", "aggregate_data", "retrieve_data");
        assertThat(schema.primaryKey("superhero")).containsExactly("id");
    }

    @Test
    void paperModeRejectsWhatTheSeedCouldNotDoAndExtendedModeCompilesIt() throws Exception {
        String or = "SELECT COUNT(*) FROM superhero WHERE height_cm > 200 OR weight_kg > 300";
        assertThatThrownBy(() -> compile(BuildMode.PAPER, or)).isInstanceOf(UnsupportedQueryException.class)
                .extracting(e -> ((UnsupportedQueryException) e).reason()).isEqualTo("unsupported_or");
        assertThat(compile(BuildMode.EXTENDED, or).calls()).extracting(ToolCall::name).containsExactly("filter_data_any_of", "aggregate_data");

        String nested = "SELECT superhero_name FROM superhero WHERE height_cm > (SELECT AVG(height_cm) FROM superhero)";
        assertThatThrownBy(() -> compile(BuildMode.PAPER, nested)).extracting(e -> ((UnsupportedQueryException) e).reason()).isEqualTo("unsupported_subquery");
        CompiledQuery q = compile(BuildMode.EXTENDED, nested);
        assertThat(q.calls()).extracting(ToolCall::name).containsExactly("aggregate_data", "filter_data", "retrieve_data");
        assertThat(q.calls().get(1).arguments()).containsEntry("value", "$MEAN_0$");

        String ratio = "SELECT CAST(SUM(CASE WHEN gender_id = 2 THEN 1 ELSE 0 END) AS REAL) * 100 / COUNT(id) FROM superhero";
        assertThatThrownBy(() -> compile(BuildMode.PAPER, ratio)).isInstanceOf(UnsupportedQueryException.class);
        assertThat(compile(BuildMode.EXTENDED, ratio).calls()).extracting(ToolCall::name)
                .containsExactly("filter_data", "aggregate_data", "compute_arithmetic", "aggregate_data", "compute_arithmetic");
    }

    @Test
    void columnArithmeticBecomesAComputedKeyInExtendedMode() throws Exception {
        String sql = "SELECT superhero_name FROM superhero WHERE weight_kg / height_cm > 0.5 ORDER BY weight_kg / height_cm DESC LIMIT 1";
        assertThatThrownBy(() -> compile(BuildMode.PAPER, sql)).extracting(e -> ((UnsupportedQueryException) e).reason()).isEqualTo("unsupported_column_arithmetic");
        CompiledQuery q = compile(BuildMode.EXTENDED, sql);
        assertThat(q.calls()).extracting(ToolCall::name).containsExactly("compute_column", "filter_data", "sort_data", "retrieve_data");
        assertThat(q.calls().get(1).arguments()).containsEntry("key_name", "superhero_weight_kg_divide_superhero_height_cm");
    }

    @Test
    void unparseableSqlIsAParseError() {
        assertThatThrownBy(() -> compile(BuildMode.PAPER, "SELEC name FROM WHERE")).isInstanceOf(SqlParsing.SqlParseException.class);
        assertThatThrownBy(() -> compile(BuildMode.PAPER, "DELETE FROM superhero")).isInstanceOf(SqlParsing.SqlParseException.class)
                .hasMessageContaining("not a SELECT");
    }

    @Test
    void selTranslationBindsCategoricalArgumentsAndReplacesLimitAndDistinct() throws Exception {
        CompiledQuery q = compile(BuildMode.PAPER, "SELECT DISTINCT T1.superhero_name FROM superhero AS T1 WHERE SUBSTR(T1.full_name, 1, 3) = 'Bru' ORDER BY T1.height_cm LIMIT 2");
        List<ToolCall> sel = new SelTranslator(ToolCatalog.of(BuildMode.PAPER)).translate(q.calls());
        assertThat(sel).extracting(ToolCall::name).containsExactly("transform_data_to_substring", "select_data_equal_to", "sort_data_ascending",
                "get_superhero_superhero_names", "select_unique_values", "truncate");
        assertThat(sel.get(0).arguments()).containsEntry("start_index", 0L).containsEntry("end_index", 3L).doesNotContainKey("operation_args");
        assertThat(sel.get(5).arguments()).containsEntry("truncate_array", "$UNIQUE_4$").containsEntry("n", 2L);
    }
}
