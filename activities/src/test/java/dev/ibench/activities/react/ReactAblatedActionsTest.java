package dev.ibench.activities.react;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.campaign.CellAblation;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import io.temporal.testing.TestActivityEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool steps of an {@code obfuscated} ReACT cell against any {@link ReactToolEnvironment} (in process, HTTP, MCP
 * all take this contract): the environment only ever sees the sample's real names, the agent only the obfuscated ones
 * (an error message that names real tools comes back rewritten), and an action with a real name is not run and echoes
 * no name. By hand: FUNC_1 = filter_data, FUNC_2 = sort_data; ARG_1 = data_source, ARG_2 = key_name.
 */
class ReactAblatedActionsTest {
    @TempDir Path dir;

    @Test
    void actionsRunInRealNamesAndObservationsComeBackInTheShownOnes() throws Exception {
        Map<String, Object> filter = Map.of("name", "filter_data", "description", "filters; see sort_data",
                "parameters", Map.of("type", "object", "properties", ordered("data_source", Map.of("type", "string"), "key_name", Map.of("type", "string"))));
        Map<String, Object> sort = Map.of("name", "sort_data", "description", "sorts",
                "parameters", Map.of("type", "object", "properties", Map.of("data_source", Map.of("type", "string"))));
        EvalSample sample = new EvalSample("s1", "db", "Who is tallest?", "SELECT 1", 1,
                List.of(new ToolCall("filter_data", ordered("data_source", "$starting_table_var$", "key_name", "height"), "F")),
                Map.of("database_path", "db.sqlite"), List.of(filter, sort), List.of());
        Path evalSet = dir.resolve("set.json");
        Files.writeString(evalSet, Json.MAPPER.writeValueAsString(Map.of("data", List.of(sample))));

        List<ToolCall> ran = new ArrayList<>();
        List<List<ToolCall>> replayed = new ArrayList<>();
        ReactToolEnvironment environment = new ReactToolEnvironment() {
            @Override
            public ReactOpening open(EvalSample s) {
                return new ReactOpening("init", "loaded for filter_data and sort_data");
            }

            @Override
            public ActionObservation act(EvalSample s, List<ToolCall> earlier, ToolCall call) {
                ran.add(call);
                replayed.add(earlier);
                return new ActionObservation("Error: " + call.name() + " has no key_name 'x'; try sort_data", false);
            }
        };
        try (ResultsDatabase database = ResultsDatabase.open(dir.resolve("results.sqlite"))) {
            ResultsStore store = new ResultsStore(database);
            store.saveCampaign("c", "c", "{}");
            store.saveCell(new CellRecord("cell", "c", "m", "b", "react", "obfuscated", evalSet.toString(), 1));
            store.saveCellSamples("cell", List.of("s1"));
            store.saveModelCall(new ModelCallRecord("cell", "s1", 0, 1, null, "Action: FUNC_1\nAction Input: {\"ARG_1\": \"$starting_table_var$\", \"ARG_2\": \"x\"}\n", 0, 0, 0L, false));
            store.saveModelCall(new ModelCallRecord("cell", "s1", 0, 2, null, "Action: filter_data\nAction Input: {\"key_name\": \"x\"}\n", 0, 0, 0L, false));
            store.saveModelCall(new ModelCallRecord("cell", "s1", 0, 3, null, "Action: FUNC_2\nAction Input: {\"ARG_1\": \"$RESULT_1$\"}\n", 0, 0, 0L, false));
            EvalSetCache evalSets = new EvalSetCache();
            CellAblation obfuscated = new CellAblation(Ablation.parse("obfuscated"), List.copyOf(evalSets.samples(evalSet.toString()).values()), 0);

            TestActivityEnvironment temporal = TestActivityEnvironment.newInstance();
            try {
                temporal.registerActivitiesImplementations(ReactToolActivitiesImpl.byCell(store, evalSets, cell -> environment, cell -> obfuscated));
                ReactToolActivities tools = temporal.newActivityStub(ReactToolActivities.class);
                tools.initialize(new ReactStepRef("cell", 0, 0, 0));
                ToolStepSummary first = tools.act(new ReactStepRef("cell", 0, 0, 1));
                ToolStepSummary second = tools.act(new ReactStepRef("cell", 0, 0, 2));
                tools.act(new ReactStepRef("cell", 0, 0, 3));

                // the harness labels the result of step k RESULT_k (docs/react.md)
                assertThat(ran).containsExactly(new ToolCall("filter_data", Map.of("data_source", "$starting_table_var$", "key_name", "x"), "RESULT_1"),
                        new ToolCall("sort_data", Map.of("data_source", "$RESULT_1$"), "RESULT_3"));
                assertThat(replayed.get(1)).as("the refused step 2 is not replayed").containsExactly(ran.get(0));
                assertThat(first.ok()).isFalse();
                assertThat(second.ok()).isFalse();

                List<ToolExecutionRecord> stored = store.toolExecutions("cell", "s1", 0);
                assertThat(stored.get(0).observation()).isEqualTo("loaded for FUNC_1 and FUNC_2");
                assertThat(stored.get(1).observation()).isEqualTo("Error: FUNC_1 has no ARG_2 'x'; try FUNC_2");
                assertThat(stored.get(2).observation()).isEqualTo(ReactToolActivitiesImpl.NOT_OFFERED).doesNotContain("filter_data", "key_name");
            } finally {
                temporal.close();
            }
        }
    }

    /** Argument order decides ARG_n (order of first appearance); {@code Map.of}'s order changes from JVM to JVM. */
    private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }
}
