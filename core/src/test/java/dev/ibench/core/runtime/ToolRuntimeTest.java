package dev.ibench.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ibench.core.TestData;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ToolRuntimeTest {
    private final ToolRuntime runtime = new ToolRuntime(TestData.root());

    private static Map<String, Object> joinStep() {
        return Map.of("name", "initialize_active_data",
                "arguments", Map.of("condition_sequence", List.of(List.of("T1.publisher_id", "T2.id", "INNER"))),
                "alias_to_table_dict", Map.of(
                        "T1", Map.of("original_table_name", "superhero", "modified_table_name", "superhero"),
                        "T2", Map.of("original_table_name", "publisher", "modified_table_name", "publisher")),
                "database_path", "bird/dev_databases/superhero/superhero.sqlite",
                "label", "starting_table_var");
    }

    private static EvalSample sample(Object gold, String sql) {
        return new EvalSample("t-1", "superhero", "q", sql, gold, List.of(), new java.util.LinkedHashMap<>(joinStep()), List.of(), List.of());
    }

    @AfterEach
    void close() {
        runtime.close();
    }

    @Test
    void executesSlotAndSelSequencesFromTheJoinedStartingTable() {
        List<ToolCall> slot = List.of(
                new ToolCall("filter_data", Map.of("data_source", "$starting_table_var$", "key_name", "publisher_publisher_name", "value", "Marvel Comics", "condition", "equal_to"), "F"),
                new ToolCall("aggregate_data", Map.of("data_source", "$F$", "key_name", "", "aggregation_type", "count"), "C"));
        EvalSample s = sample(387L, "SELECT COUNT(*) FROM superhero AS T1 JOIN publisher AS T2 ON T1.publisher_id = T2.id WHERE T2.publisher_name = 'Marvel Comics'");
        ExecutionOutcome out = runtime.execute(s, slot);
        assertThat(out.ok()).isTrue();
        assertThat(runtime.matchesGold(s, out.answer())).isTrue();
        List<ToolCall> sel = List.of(
                new ToolCall("select_data_equal_to", Map.of("data_source", "$starting_table_var$", "key_name", "publisher_publisher_name", "value", "Marvel Comics"), "F"),
                new ToolCall("compute_data_count", Map.of("data_source", "$F$", "key_name", ""), "C"));
        assertThat(runtime.execute(s, sel).answer()).isEqualTo(out.answer());
        assertThat(runtime.startingTables().builds()).isEqualTo(1);
    }

    @Test
    void sessionGivesErrorObservationsNotExceptions() throws Exception {
        ToolSession session = runtime.open(sample(0L, "SELECT 1"));
        Observation unknownTool = session.call(new ToolCall("fly_to_moon", Map.of(), "X"));
        assertThat(unknownTool.ok()).isFalse();
        assertThat(unknownTool.text()).contains("unknown tool 'fly_to_moon'");
        Observation unknownKey = session.call(new ToolCall("filter_data", Map.of("data_source", "$starting_table_var$", "key_name", "hero_name", "value", "x", "condition", "equal_to"), "X"));
        assertThat(unknownKey.text()).contains("unknown key_name 'hero_name'").contains("superhero_superhero_name");
        Observation missingLabel = session.call(new ToolCall("retrieve_data", Map.of("data_source", "$NOPE$", "key_name", "superhero_id"), "X"));
        assertThat(missingLabel.text()).contains("unknown label '$NOPE$'");
        Observation wrongType = session.call(new ToolCall("retrieve_data", Map.of("data_source", "$starting_table_var$", "key_name", "superhero_id", "limit", "many"), "X"));
        assertThat(wrongType.text()).contains("'limit' must be an integer");
        Observation getter = session.call(new ToolCall("get_superhero_superhero_names", Map.of("data_source", "$starting_table_var$"), "N"));
        assertThat(getter.ok()).isTrue();
        assertThat((List<?>) getter.value()).isNotEmpty();
    }

    @Test
    void missingDatabaseIsAnInfrastructureError() {
        Map<String, Object> step = new java.util.LinkedHashMap<>(joinStep());
        step.put("database_path", "bird/dev_databases/nope/nope.sqlite");
        EvalSample s = new EvalSample("t-2", "nope", "q", "SELECT 1", 1, List.of(), step, List.of(), List.of());
        assertThatThrownBy(() -> runtime.open(s)).isInstanceOf(SessionUnavailableException.class).hasMessageContaining("nope.sqlite");
        assertThat(runtime.execute(s, List.of()).ok()).isFalse();
    }
}
