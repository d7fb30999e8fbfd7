package dev.ibench.workers.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.react.NativeReactTurn;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class TrajectoryCommandTest {
    @TempDir Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return new CommandLine(new IbenchCli()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
    }

    private Path storeWithOneTrajectory() {
        Path file = dir.resolve("results.db");
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c1", "t", "{}");
            store.saveCell(new CellRecord("cell1", "c1", "m", "superhero-slot", "react", "none", "x.json", 1));
            store.saveCellSamples("cell1", List.of("s1"));
            store.saveToolExecution(new ToolExecutionRecord("cell1", "s1", 0, 0, "{}", "loaded as $starting_table_var$", true));
            store.saveModelCall(new ModelCallRecord("cell1", "s1", 0, 1, null,
                    "Look.\nAction: retrieve_data\nAction Input: {\"key_name\": \"a\"}", 1, 1, 1L, false));
            store.saveToolExecution(new ToolExecutionRecord("cell1", "s1", 0, 1, "{}", "$RESULT_1$: [1, 2]", true));
            store.saveModelCall(new ModelCallRecord("cell1", "s1", 0, 2, null, "hmm", 1, 1, 1L, false));
            store.saveModelCall(new ModelCallRecord("cell1", "s1", 0, 3, null, "Done.\nFinal Answer: [1, 2]", 1, 1, 1L, false));
            store.saveSampleResult(new SampleResultRecord("cell1", "s1", 0, "scored", true,
                    "{\"end\":\"FINAL_ANSWER\",\"completed\":true,\"loops\":3,\"budget\":10,\"oob\":false,\"stuck\":false,"
                            + "\"unclassified\":false,\"parse_failures\":1,\"tool_errors\":0}", null));
        }
        return file;
    }

    @Test
    void printsEveryStepWithItsObservationAndTheOutcome() {
        Path file = storeWithOneTrajectory();
        assertThat(run("campaign", "trajectory", "c1", "s1", "--results", file.toString())).isZero();
        assertThat(out.toString())
                .contains("Outcome: completed · end FINAL_ANSWER · loops 3/10 · OOB no · stuck no · unclassified no · parse failures 1")
                .contains("Step 0 · initialize_active_data\n  Observation: loaded as $starting_table_var$")
                .contains("Step 1 · retrieve_data\n  Thought: Look.\n  Action: retrieve_data\n  Action Input: {\"key_name\":\"a\"}\n  Observation: $RESULT_1$: [1, 2]")
                .contains("Step 2 · parse failure\n  Model output: hmm\n  Observation: Invalid format: found neither")
                .contains("Step 3 · final answer\n  Thought: Done.\n  Final Answer: [1, 2]");
    }

    @Test
    void jsonHasTheStepsAndOutcome() throws Exception {
        Path file = storeWithOneTrajectory();
        assertThat(run("campaign", "trajectory", "c1", "s1", "--results", file.toString(), "--json")).isZero();
        var json = dev.ibench.core.json.Json.MAPPER.readTree(out.toString());
        assertThat(json.path("sample_id").asText()).isEqualTo("s1");
        assertThat(json.path("outcome").path("parse_failures").asInt()).isEqualTo(1);
        assertThat(json.path("steps")).hasSize(3);
        assertThat(json.path("steps").path(0).path("action").asText()).isEqualTo("retrieve_data");
        assertThat(json.path("steps").path(1).path("kind").asText()).isEqualTo("parse_failure");
    }

    @Test
    void reasoningIsShownPerStepAndNeverReadAsTheAction() {
        Path file = dir.resolve("thinking.db");
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c2", "t", "{}");
            store.saveCell(new CellRecord("cell2", "c2", "m", "superhero-slot", "react", "none", "x.json", 1));
            store.saveCellSamples("cell2", List.of("s1"));
            store.saveModelCall(new ModelCallRecord("cell2", "s1", 0, 1, null,
                    "<think>Maybe\nAction: drop_everything\nAction Input: {}</think>\nLook.\nAction: retrieve_data\nAction Input: {\"key_name\": \"a\"}",
                    1, 1, 1L, false, "The server's own reasoning.", 12));
        }
        assertThat(run("campaign", "trajectory", "c2", "s1", "--results", file.toString())).isZero();
        assertThat(out.toString()).contains("Step 1 · reasoning (not parsed)\n  The server's own reasoning.\n    \n    Maybe\n    Action: drop_everything")
                .contains("Step 1 · retrieve_data\n  Thought: Look.\n  Action: retrieve_data");
    }

    @Test
    void aNativeAgentsStepShowsEachCallWithItsObservation() {
        Path file = dir.resolve("native.db");
        try (ResultsDatabase db = ResultsDatabase.open(file)) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c3", "t", "{}");
            store.saveCell(new CellRecord("cell3", "c3", "m", "superhero-slot", "react", "none", "x.json", 1));
            store.saveCellSamples("cell3", List.of("s1"));
            store.saveModelCall(new ModelCallRecord("cell3", "s1", 0, 1, null, NativeReactTurn.stored("Two lookups.", List.of(
                    new ChatToolCall("call_a", "retrieve_data", "{\"key_name\": \"a\"}"), new ChatToolCall("call_b", "retrieve_data", "[1]"))),
                    1, 1, 1L, false));
            store.saveToolExecution(new ToolExecutionRecord("cell3", "s1", 0, 1, "[]",
                    "[\"$RESULT_1$: [1, 2]\",\"Error: the arguments of retrieve_data are not a JSON object: [1]\"]", true));
            store.saveModelCall(new ModelCallRecord("cell3", "s1", 0, 2, null, NativeReactTurn.stored("[1, 2]", List.of()), 1, 1, 1L, false));
        }
        assertThat(run("campaign", "trajectory", "c3", "s1", "--results", file.toString())).isZero();
        assertThat(out.toString()).contains("Step 1 · tool calls: retrieve_data, retrieve_data\n  Text: Two lookups.\n"
                        + "  Call: retrieve_data {\"key_name\": \"a\"}  (call_a)\n  Observation: $RESULT_1$: [1, 2]\n"
                        + "  Call: retrieve_data [1]  (call_b)\n  Observation: Error: the arguments of retrieve_data are not a JSON object: [1]")
                .contains("Step 2 · final answer\n  Thought: \n  Final Answer: [1, 2]");
    }

    @Test
    void unknownSampleAndMissingStoreAreClearErrors() {
        Path file = storeWithOneTrajectory();
        assertThat(run("campaign", "trajectory", "c1", "nope", "--results", file.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("campaign c1 has no ReACT trajectory of sample nope");
        assertThat(run("campaign", "trajectory", "c1", "s1", "--results", dir.resolve("missing.db").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("missing.db does not exist");
    }
}
