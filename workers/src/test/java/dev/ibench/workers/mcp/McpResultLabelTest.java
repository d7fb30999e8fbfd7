package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.mcp.McpToolEnvironment;
import dev.ibench.activities.react.ReactToolEnvironment.ActionObservation;
import dev.ibench.core.campaign.McpServerEntry;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.testing.SuperheroEvalSets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45 B5: the result labels a client names in {@code _meta["ibench/label"]} are kept until the next
 * {@code start_sample}. Before, any label was stored: 150 calls with 1 MB labels took 150 MB of one session's heap, a
 * label {@code starting_table_var} replaced the sample's data, and labels could carry line breaks and bidi overrides.
 * Now such a call gets the JSON-RPC error {@code -32602} (invalid params) naming the problem, and the session goes on;
 * ibench's own MCP client (a ReACT cell in mode MCP) shows it to the model as an error observation, as a bad call.
 */
class McpResultLabelTest {
    private static final int INVALID_PARAMS = -32602;
    private static final String FILTER = "\"name\":\"filter_data\",\"arguments\":{\"data_source\":\"$starting_table_var$\","
            + "\"key_name\":\"superhero_superhero_name\",\"value\":\"Batman\",\"condition\":\"equal_to\"}";

    @Test
    void longReservedAndUnprintableLabelsAreRefusedAndTheSessionGoesOn() throws Exception {
        Map<String, String[]> refused = new LinkedHashMap<>();
        refused.put("a label of 10,000 characters", new String[] {"x".repeat(10_000), "is 10000 characters; at most 128 are accepted"});
        refused.put("the starting table's label", new String[] {"starting_table_var", "names one of the sample's starting tables"});
        refused.put("the starting table as a reference", new String[] {"$starting_table_var$", "names one of the sample's starting tables"});
        refused.put("a newline", new String[] {"first\nsecond", "U+000A"});
        refused.put("a right-to-left override", new String[] {"abc\u202Edcba", "U+202E"});
        refused.put("a zero-width joiner", new String[] {"a\u200Db", "U+200D"});
        try (InProcessStdio stdio = started()) {
            int id = 10;
            for (Map.Entry<String, String[]> c : refused.entrySet()) {
                JsonNode answer = call(stdio, ++id, c.getValue()[0]);
                assertThat(answer.path("error").path("code").asInt()).as(c.getKey() + ": " + abbreviated(answer)).isEqualTo(INVALID_PARAMS);
                assertThat(answer.path("error").path("message").asText()).as(c.getKey())
                        .contains("ibench/label", c.getValue()[1]).doesNotContain("Exception", "java.");
                assertThat(answer.path("id").asInt()).isEqualTo(id);
            }
            // the session goes on and the starting table was not replaced: Batman is still found in it
            JsonNode ok = call(stdio, ++id, "heroes");
            assertThat(ok.path("result").path("isError").asBoolean()).as(ok.toString()).isFalse();
            assertThat(ok.path("result").path("structuredContent").path("label").asText()).isEqualTo("heroes");
            assertThat(ok.path("result").path("content").get(0).path("text").asText()).contains("Batman");
        }
    }

    @Test
    void aSampleTakesAtMost64DifferentLabelsAndMayReuseThem() throws Exception {
        try (InProcessStdio stdio = started()) {
            for (int i = 1; i <= 64; i++) {
                JsonNode answer = call(stdio, 100 + i, "L" + i);
                assertThat(answer.path("result").path("isError").asBoolean()).as("label " + i + ": " + answer).isFalse();
            }
            JsonNode over = call(stdio, 200, "L65");
            assertThat(over.path("error").path("code").asInt()).as(over.toString()).isEqualTo(INVALID_PARAMS);
            assertThat(over.path("error").path("message").asText()).contains("already has 64 different labels", "start_sample");
            JsonNode reused = call(stdio, 201, "$L7$");
            assertThat(reused.path("result").path("isError").asBoolean()).as(reused.toString()).isFalse();
            // a new sample starts with no labels
            start(stdio, 202);
            assertThat(call(stdio, 203, "L65").path("result").path("isError").asBoolean()).isFalse();
        }
    }

    @Test
    void aReactAgentWhoseLabelIsRefusedObservesAnErrorOverHttp(@TempDir Path dir) throws Exception {
        Path slot = SuperheroEvalSets.slot();
        EvalSample sample = EvalSetReader.read(slot).stream().filter(s -> s.sampleId().equals("superhero-720")).findFirst().orElseThrow();
        ToolCall gold = sample.output().get(0);
        try (McpToolServer server = McpToolServer.http(slot, SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT, null, "127.0.0.1", 0,
                dir.resolve("tomcat"));
                McpToolEnvironment environment = new McpToolEnvironment(new McpServerEntry(null,
                        "http://127.0.0.1:" + server.port() + McpToolServer.ENDPOINT))) {
            ActionObservation refused = environment.act(sample, List.of(),
                    new ToolCall(gold.name(), gold.arguments(), "$starting_table_var$"));
            assertThat(refused.ok()).isFalse();
            assertThat(refused.text()).startsWith("Error: ").contains("names one of the sample's starting tables");
            ActionObservation ok = environment.act(sample, List.of(), gold);
            assertThat(ok.ok()).as(ok.text()).isTrue();
        }
    }

    private static String abbreviated(JsonNode answer) {
        String text = answer.toString();
        return text.length() <= 400 ? text : text.substring(0, 400) + "...";
    }

    private static InProcessStdio started() throws Exception {
        InProcessStdio stdio = new InProcessStdio(SuperheroEvalSets.slot(), SuperheroEvalSets.dataRoot(), McpLimits.DEFAULT);
        stdio.initialize();
        start(stdio, 1);
        return stdio;
    }

    private static void start(InProcessStdio stdio, int id) throws Exception {
        stdio.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"start_sample\","
                + "\"arguments\":{\"sample_id\":\"superhero-720\"}}}");
        JsonNode started = stdio.next(10_000);
        assertThat(started.path("result").path("isError").asBoolean()).as(started.toString()).isFalse();
    }

    private static JsonNode call(InProcessStdio stdio, int id, String label) throws Exception {
        stdio.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{" + FILTER + ",\"_meta\":{\"ibench/label\":"
                + Json.MAPPER.writeValueAsString(label) + "}}}");
        return stdio.next(30_000);
    }
}
