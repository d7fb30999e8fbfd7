package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.workers.IbenchHome;
import dev.ibench.workers.campaign.CampaignServices;
import dev.ibench.workers.campaign.CampaignStarter;
import dev.ibench.workers.temporal.TemporalConnection;
import dev.ibench.workers.testing.DevServerProcess;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.WorkerProcess;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import io.temporal.client.WorkflowStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 2 of issue 20: a ReACT cell of the oracle agent (test tool) whose tools come through MCP
 * ({@code tools_via: mcp}) scores every sample exactly as the same cell without MCP (SLOT/SEL: the in-process runtime;
 * REST: HTTP calls to the worker's REST tool server): SLOT through a stdio server the worker starts by command
 * ({@code ibench serve-tools FILE --mcp stdio}), SEL and REST through streamable HTTP servers given by URL. Real dev
 * server, worker in its own JVM, real MCP Java SDK on both ends. Then an {@code obfuscated} SEL cell through MCP (issue
 * 30): every sample completed, the actions reached the MCP server, and no stored observation names a real tool or argument.
 */
class McpReactCampaignIT {
    private static final int SAMPLES = 12;

    @TempDir Path dir;
    private WorkerProcess worker;

    @AfterEach
    void stop() throws Exception {
        if (worker != null) worker.close();
        System.clearProperty("ibench.results.db");
    }

    @Test
    void oracleReactCellsScoreTheSameThroughMcpAsInProcess() throws Exception {
        Path slot = SuperheroEvalSets.slot();
        Path sel = SuperheroEvalSets.sel();
        Path rest = SuperheroEvalSets.rest();
        Path data = SuperheroEvalSets.dataRoot();
        Path results = dir.resolve("results.db");
        System.setProperty("ibench.results.db", results.toString());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> stdioServer = List.of(java, "-cp", System.getProperty("java.class.path"), "dev.ibench.workers.cli.IbenchCli",
                "serve-tools", slot.toString(), "--mcp", "stdio", "--data-root", data.toString());
        try (McpToolServer http = McpToolServer.http(sel, data, McpLimits.DEFAULT, null, "127.0.0.1", 0, dir.resolve("tomcat"));
             McpToolServer restHttp = McpToolServer.http(rest, data, McpLimits.DEFAULT, null, "127.0.0.1", 0, dir.resolve("tomcat-rest"));
             DevServerProcess server = DevServerProcess.start(dir.resolve("temporal.db"), dir);
             TemporalConnection connection = server.connect()) {
            Path slotLocal = campaign("slot-local", slot, "");
            Path slotMcp = campaign("slot-mcp", slot, "tools_via: mcp\nmcp: {command: " + Json.MAPPER.writeValueAsString(stdioServer) + "}\n");
            Path selLocal = campaign("sel-local", sel, "");
            Path selMcp = campaign("sel-mcp", sel, "tools_via: mcp\nmcp: {url: \"http://127.0.0.1:" + http.port() + "/mcp\"}\n");
            Path restLocal = campaign("rest-local", rest, "");
            Path restMcp = campaign("rest-mcp", rest, "tools_via: mcp\nmcp: {url: \"http://127.0.0.1:" + restHttp.port() + "/mcp\"}\n");
            Map<String, Path[]> campaigns = Map.of("slot", new Path[] {slotLocal, slotMcp}, "sel", new Path[] {selLocal, selMcp},
                    "rest", new Path[] {restLocal, restMcp});
            worker = WorkerProcess.start(server.address(), "workflows,llm,tools,scoring", dir.resolve("worker.log"),
                    Map.of("IBENCH_RESULTS_DB", results.toString(), "IBENCH_DATA_ROOT", data.toString()),
                    "--models-from", slotLocal.toString());
            CampaignServices services = CampaignServices.of(IbenchHome.resolve());
            Map<String, McpToolServer> httpServers = Map.of("sel", http, "rest", restHttp);
            for (String style : List.of("slot", "sel", "rest")) {
                Map<String, JsonNode> local = run(services, connection, campaigns.get(style)[0], style + "-local");
                long before = style.equals("slot") ? 0 : httpServers.get(style).toolCalls();
                Map<String, JsonNode> mcp = run(services, connection, campaigns.get(style)[1], style + "-mcp");
                if (style.equals("slot")) {
                    assertThat(Files.readString(dir.resolve("worker.log"))).as("the worker started the stdio server")
                            .contains("serve-tools: MCP over stdio: 7 tools");
                } else {
                    long calls = httpServers.get(style).toolCalls() - before;
                    int goldCalls = mcp.values().stream().mapToInt(o -> o.get("loops").asInt() - 1).sum();
                    assertThat(calls).as("the MCP cell's actions reached the MCP server").isGreaterThanOrEqualTo(goldCalls);
                }
                assertThat(mcp.keySet()).isEqualTo(local.keySet());
                assertThat(local).hasSize(SAMPLES);
                for (String sample : local.keySet()) {
                    assertThat(mcp.get(sample)).as(style + " " + sample + " through MCP vs in process").isEqualTo(local.get(sample));
                }
                long completed = local.values().stream().filter(o -> o.get("completed").asBoolean()).count();
                System.out.printf("McpReactCampaignIT %s: %d samples, per-sample outcomes identical; completed %d/%d%n",
                        style, local.size(), completed, local.size());
                if (!style.equals("rest")) { // REST: a few gold endpoint answers are not read back exactly (ReactRestCampaignIT)
                    assertThat(completed).as("the oracle agent completes every sample").isEqualTo(SAMPLES);
                }
            }

            // issue 30: an obfuscated ReACT cell through MCP; the server is called in real names, the agent reads none
            Path selObfuscated = campaign("sel-mcp-obfuscated", sel,
                    "tools_via: mcp\nmcp: {url: \"http://127.0.0.1:" + http.port() + "/mcp\"}\nablations: [obfuscated]\n");
            long before = http.toolCalls();
            String cell = "sel-mcp-obfuscated/oracle/superhero/react/obfuscated";
            Map<String, JsonNode> obfuscated = run(services, connection, selObfuscated, "sel-mcp-obfuscated", cell);
            assertThat(http.toolCalls() - before).as("the obfuscated cell's actions reached the MCP server")
                    .isGreaterThanOrEqualTo(obfuscated.values().stream().mapToInt(o -> o.get("loops").asInt() - 1).sum());
            assertThat(obfuscated).hasSize(SAMPLES).allSatisfy((sample, outcome) -> assertThat(outcome.get("completed").asBoolean()).as(sample).isTrue());
            Map<String, EvalSample> samples = services.evalSets().samples(sel.toString());
            for (String sampleId : obfuscated.keySet()) {
                Set<String> real = new HashSet<>();
                samples.get(sampleId).tools().forEach(t -> {
                    real.add((String) t.get("name"));
                    if (t.get("parameters") instanceof Map<?, ?> p && p.get("properties") instanceof Map<?, ?> properties) {
                        properties.keySet().forEach(k -> real.add((String) k));
                    }
                });
                Pattern word = Pattern.compile("(?<![A-Za-z0-9_\\\\])(?:" + real.stream().map(Pattern::quote).collect(Collectors.joining("|")) + ")(?![A-Za-z0-9_])");
                for (ToolExecutionRecord step : services.store().toolExecutions(cell, sampleId, 0)) {
                    assertThat(word.matcher(step.observation()).find()).as("%s step %d: a real name in %s", sampleId, step.step(), step.observation()).isFalse();
                }
            }
        }
    }

    private Path campaign(String name, Path evalSet, String tools) throws Exception {
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, """
                name: %s
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: superhero, eval_set: %s}
                modes: [react]
                samples: {limit: %d, seed: 11}
                %s""".formatted(name, evalSet, SAMPLES, tools));
        return file;
    }

    /** Runs the campaign to its end; sample id -> stored outcome (score_json). */
    private Map<String, JsonNode> run(CampaignServices services, TemporalConnection connection, Path file, String id) throws Exception {
        return run(services, connection, file, id, id + "/oracle/superhero/react");
    }

    private Map<String, JsonNode> run(CampaignServices services, TemporalConnection connection, Path file, String id, String cell) throws Exception {
        String campaignId = new CampaignStarter(services, connection.client()).start(file, id);
        CampaignStatus status = WorkflowStub.fromTyped(connection.client().newWorkflowStub(CampaignWorkflow.class,
                CampaignWorkflow.workflowId(campaignId))).getResult(10, TimeUnit.MINUTES, CampaignStatus.class);
        assertThat(status.state()).as(Files.readString(dir.resolve("worker.log"))).isEqualTo(CellState.COMPLETED);
        Map<String, JsonNode> out = new TreeMap<>();
        for (SampleResultRecord r : services.store().sampleResults(cell)) {
            assertThat(r.status()).as(id + " " + r.sampleId() + " " + r.error()).isEqualTo(SampleResultRecord.SCORED);
            out.put(r.sampleId(), Json.MAPPER.readTree(r.scoreJson()));
        }
        return out;
    }
}
