package dev.ibench.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OperationsTest {
    private final LabelStore labels = new LabelStore();

    OperationsTest() {
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {1L, "Ann", "F", 170.0});
        rows.add(new Object[] {2L, "Bob", "M", 180.0});
        rows.add(new Object[] {3L, "Cid", "M", null});
        rows.add(new Object[] {4L, "Dee", "F", 160.0});
        labels.put("t", new Table(List.of("p_id", "p_name", "p_sex", "p_height"), rows));
    }

    private Object run(Operation op, Object... kv) throws ToolArgumentException {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) args.put((String) kv[i], kv[i + 1]);
        Object out = op.apply(new CallArguments(op.name(), args, labels));
        labels.put("last", out);
        return out;
    }

    @Test
    void filterUsesSqlSemanticsForNullAndNumericText() throws Exception {
        Table t = (Table) run(new FilterData(), "data_source", "$t$", "key_name", "p_height", "value", "165", "condition", "greater_than");
        assertThat(t.rows()).extracting(r -> r[1]).containsExactly("Ann", "Bob");
        Table ne = (Table) run(new FilterData(), "data_source", "$t$", "key_name", "p_height", "value", 170, "condition", "not_equal_to");
        assertThat(ne.rows()).extracting(r -> r[1]).containsExactly("Bob", "Dee");
        Table like = (Table) run(new FilterData(), "data_source", "$t$", "key_name", "p_name", "value", "%E%", "condition", "like");
        assertThat(like.rows()).extracting(r -> r[1]).containsExactly("Dee");
    }

    @Test
    void sortIsStableAndPutsNullsFirstAscending() throws Exception {
        Table t = (Table) run(new SortData(), "data_source", "$t$", "key_name", "p_height", "ascending", true);
        assertThat(t.rows()).extracting(r -> r[1]).containsExactly("Cid", "Dee", "Ann", "Bob");
        Table d = (Table) run(new SortData(), "data_source", "$t$", "key_name", "p_sex", "ascending", false);
        assertThat(d.rows()).extracting(r -> r[1]).containsExactly("Bob", "Cid", "Ann", "Dee");
    }

    @Test
    void groupAggregateSortRetrieve() throws Exception {
        run(new GroupDataBy(), "data_source", "$t$", "key_name", "p_sex");
        labels.put("g", labels.get("$last$", "test"));
        GroupedTable agg = (GroupedTable) run(new AggregateData(), "data_source", "$g$", "key_name", "p_height", "aggregation_type", "mean");
        assertThat(agg.columns()).contains("mean_p_height");
        labels.put("a", agg);
        run(new SortData(), "data_source", "$a$", "key_name", "mean_p_height", "ascending", false);
        labels.put("s", labels.get("$last$", "test"));
        Object out = run(new RetrieveData(), "data_source", "$s$", "key_name", List.of("p_sex", "mean_p_height"), "limit", 1);
        assertThat(out).isEqualTo(List.of(List.of("M", 180.0)));
    }

    @Test
    void aggregatesFollowSqlite() throws Exception {
        assertThat(run(new AggregateData(), "data_source", "$t$", "key_name", "", "aggregation_type", "count")).isEqualTo(4L);
        assertThat(run(new AggregateData(), "data_source", "$t$", "key_name", "p_height", "aggregation_type", "count")).isEqualTo(3L);
        assertThat(run(new AggregateData(), "data_source", "$t$", "key_name", "p_sex", "aggregation_type", "count", "distinct", true)).isEqualTo(2L);
        assertThat(run(new AggregateData(), "data_source", "$t$", "key_name", "p_id", "aggregation_type", "sum")).isEqualTo(10L);
        assertThat((Double) run(new AggregateData(), "data_source", "$t$", "key_name", "p_height", "aggregation_type", "mean")).isEqualTo(170.0);
    }

    @Test
    void transformSubstringAndStrftime() throws Exception {
        assertThat(TransformData.slice("2013-02-22 10:00", 0, 10)).isEqualTo("2013-02-22");
        assertThat(TransformData.slice("abcdef", -2, null)).isEqualTo("ef");
        assertThat(TransformData.strftime("%Y-%m", "2013-02-22 10:00:00")).isEqualTo("2013-02");
        assertThat(TransformData.strftime("%Y", "not a date")).isNull();
    }

    @Test
    void badArgumentsNameTheProblem() {
        assertThatThrownBy(() -> run(new FilterData(), "data_source", "$t$", "key_name", "p_nope", "value", 1, "condition", "equal_to"))
                .isInstanceOf(ToolArgumentException.class).hasMessageContaining("unknown key_name 'p_nope'").hasMessageContaining("p_name");
        assertThatThrownBy(() -> run(new FilterData(), "data_source", "$missing$", "key_name", "p_id", "value", 1, "condition", "equal_to"))
                .hasMessageContaining("unknown label '$missing$'");
        assertThatThrownBy(() -> run(new SortData(), "data_source", "$t$", "key_name", "p_id", "ascending", "sideways"))
                .hasMessageContaining("must be a boolean");
        assertThatThrownBy(() -> run(new AggregateData(), "data_source", "$t$", "key_name", "p_id", "aggregation_type", "median"))
                .hasMessageContaining("unknown aggregation_type 'median'");
    }

    @Test
    void extendedOperations() throws Exception {
        Object or = run(new FilterDataAnyOf(), "data_source", "$t$", "filters", List.of(
                Map.of("key_name", "p_name", "condition", "equal_to", "value", "Ann"),
                Map.of("key_name", "p_height", "condition", "is_null")));
        assertThat(((Table) or).rows()).extracting(r -> r[1]).containsExactly("Ann", "Cid");
        assertThat(run(new ComputeArithmetic(), "operation", "divide", "value_1", 1L, "value_2", 4L)).isEqualTo(0.25);
        assertThat(run(new ComputeArithmetic(), "operation", "round", "value_1", 2.345, "value_2", 2L)).isEqualTo(2.35);
        Table computed = (Table) run(new ComputeColumn(), "data_source", "$t$", "operation", "divide", "value_1", "p_height", "value_2", 10);
        assertThat(computed.column(computed.columnIndex("p_height_divide_10"))).containsExactly(17.0, 18.0, null, 16.0);
        labels.put("x", List.of(1L, 2L, 3L));
        labels.put("y", List.of(2L, 3L, 4L));
        assertThat(run(new CombineResults(), "first", "$x$", "second", "$y$", "operation", "intersect")).isEqualTo(List.of(2L, 3L));
        assertThat(run(new CombineResults(), "first", "$x$", "second", "$y$", "operation", "except")).isEqualTo(List.of(1L));
    }
}
