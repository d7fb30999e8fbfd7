package dev.ibench.workers.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.build.BuildOptions;
import dev.ibench.core.json.Json;
import dev.ibench.core.rest.RestBuildStep;
import dev.ibench.core.rest.RestEndpointRuntime;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.EvalSetReader;
import dev.ibench.core.tools.BuildMode;
import dev.ibench.core.verify.CoverageReport;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.access.ServedAccess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Acceptance 1 and 3 of issue 20: the ibench MCP server driven by a real MCP client nobody here wrote, the Python
 * SDK (PyPI {@code mcp}, installed into the tool cache by deploy/local/install-mcp-client.sh), over stdio and over
 * streamable HTTP. The client (test resource {@code mcp/gold_client.py}) lists the tools, runs each chosen sample's
 * gold sequence call by call and compares the last value with the sample's gold_answer; then it sends hostile calls
 * (unknown tool, wrong argument types, oversized arguments, a call loop that never stops) and checks a normal call
 * still succeeds after each.
 */
class McpPythonClientIT {
    private static final int MAX_CALLS = 5;
    private static Path pythonPath;

    @TempDir
    Path tmp;

    @BeforeAll
    static void installClient() throws Exception {
        Path root = SuperheroEvalSets.dataRoot().getParent();
        Process p = new ProcessBuilder("bash", root.resolve("deploy/local/install-mcp-client.sh").toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(10, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("install-mcp-client.sh").isZero();
        pythonPath = Path.of(out.substring(out.lastIndexOf('\n') + 1));
        assertThat(pythonPath.resolve("mcp")).isDirectory();
    }

    @Test
    void slotOverStdioRunsGoldSequencesAndSurvivesHostileCalls() throws Exception {
        Path evalSet = SuperheroEvalSets.slot();
        List<EvalSample> samples = pick(evalSet);
        List<String> server = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.ibench.workers.cli.IbenchCli",
                "serve-tools", evalSet.toString(), "--mcp", "stdio", "--data-root", SuperheroEvalSets.dataRoot().toString(),
                "--sample-id", samples.get(0).sampleId(), "--max-calls", String.valueOf(MAX_CALLS));
        JsonNode report = runClient(List.of("--stdio", Json.MAPPER.writeValueAsString(server)), evalSet, samples, true);
        assertGold(report, evalSet, samples);
        assertHostile(report.get("hostile"));
    }

    @Test
    void selOverStreamableHttpRunsGoldSequencesAndSurvivesHostileCalls() throws Exception {
        Path evalSet = SuperheroEvalSets.sel();
        List<EvalSample> samples = pick(evalSet);
        McpLimits limits = new McpLimits(McpLimits.DEFAULT.maxRequestBytes(), McpLimits.DEFAULT.maxArgumentChars(), MAX_CALLS,
                McpLimits.DEFAULT.callTimeout());
        // served as to strangers (issue 34): a bearer token, Host/Origin checks and a per-client rate limit the client stays under
        String token = "py-client-token-" + System.nanoTime();
        ServedAccess access = new ServedAccess(token, List.of(), List.of(), 500, 500, 16);
        try (McpToolServer server = McpToolServer.http(evalSet, SuperheroEvalSets.dataRoot(), limits, null, "127.0.0.1", 0, tmp.resolve("tomcat"),
                access)) {
            // the first sample is chosen at session start by the URL, the others with start_sample
            String url = "http://127.0.0.1:" + server.port() + "/mcp?sample_id=" + samples.get(0).sampleId();
            JsonNode report = runClient(List.of("--url", url, "--bearer-env", "IBENCH_MCP_TEST_TOKEN"), evalSet, samples, true,
                    Map.of("IBENCH_MCP_TEST_TOKEN", token));
            assertGold(report, evalSet, samples);
            assertHostile(report.get("hostile"));
        }
    }

    @Test
    void restEndpointsOverStreamableHttpAnswerGold() throws Exception {
        Path out = tmp.resolve("rest");
        Path data = SuperheroEvalSets.dataRoot();
        RestBuildStep.run(new BuildOptions("bird", data.resolve("bird"), List.of("superhero"), List.of(), BuildMode.PAPER, out, data),
                new CoverageReport(), m -> {}, false);
        Path evalSet = out.resolve("bird-superhero-rest.json");
        List<EvalSample> samples = EvalSetReader.read(evalSet).subList(0, 8);
        try (McpToolServer server = McpToolServer.http(evalSet, null, McpLimits.DEFAULT, null, "127.0.0.1", 0, tmp.resolve("tomcat"))) {
            JsonNode report = runClient(List.of("--url", "http://127.0.0.1:" + server.port() + "/mcp"), evalSet, samples, false);
            assertGold(report, evalSet, samples);
        }
    }

    /** Five samples, the longest gold sequences first (so labels are chained), sample ids in file order among equals. */
    private static List<EvalSample> pick(Path evalSet) {
        List<EvalSample> all = new ArrayList<>(EvalSetReader.read(evalSet));
        all.sort(Comparator.comparingInt((EvalSample s) -> -s.output().size()));
        return all.subList(0, 5);
    }

    private JsonNode runClient(List<String> target, Path evalSet, List<EvalSample> samples, boolean hostile) throws Exception {
        return runClient(target, evalSet, samples, hostile, Map.of());
    }

    private JsonNode runClient(List<String> target, Path evalSet, List<EvalSample> samples, boolean hostile, Map<String, String> env)
            throws Exception {
        Path script = Path.of(McpPythonClientIT.class.getResource("/mcp/gold_client.py").toURI());
        List<String> cmd = new ArrayList<>(List.of("python3", script.toString()));
        cmd.addAll(target);
        cmd.addAll(List.of("--eval-set", evalSet.toString(), "--samples",
                String.join(",", samples.stream().map(EvalSample::sampleId).toList()), "--max-calls", String.valueOf(MAX_CALLS)));
        if (hostile) cmd.addAll(List.of("--implicit-first", "--hostile"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(tmp.resolve("client.err").toFile());
        pb.environment().put("PYTHONPATH", pythonPath.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String err = Files.readString(tmp.resolve("client.err"));
        assertThat(p.exitValue()).as("python MCP client failed:\n" + err).isZero();
        System.out.println("python MCP client report: " + stdout.substring(0, Math.min(stdout.length(), 4000)));
        return Json.MAPPER.readTree(stdout);
    }

    private static void assertGold(JsonNode report, Path evalSet, List<EvalSample> samples) throws Exception {
        Set<String> listed = new TreeSet<>();
        report.get("tools").forEach(t -> listed.add(t.get("name").asText()));
        assertThat(listed).contains("start_sample", "list_samples");
        for (EvalSample s : samples) {
            for (Map<String, Object> spec : s.tools()) {
                assertThat(listed).contains(String.valueOf(spec.get("name")));
            }
        }
        // schemas are the declared tool specs' parameters
        Map<String, Object> firstSpec = samples.get(0).tools().get(0);
        JsonNode listedSchema = null;
        for (JsonNode t : report.get("tools")) if (t.get("name").asText().equals(firstSpec.get("name"))) listedSchema = t.get("schema");
        assertThat(listedSchema).isNotNull();
        @SuppressWarnings("unchecked")
        Map<String, Object> declared = (Map<String, Object>) firstSpec.get("parameters");
        Set<String> listedProperties = new TreeSet<>();
        listedSchema.get("properties").fieldNames().forEachRemaining(listedProperties::add);
        assertThat(listedProperties).isEqualTo(new TreeSet<>(((Map<String, Object>) declared.get("properties")).keySet()));

        assertThat(report.get("samples")).hasSize(samples.size());
        try (ToolRuntime runtime = new ToolRuntime(SuperheroEvalSets.dataRoot());
                RestEndpointRuntime rest = RestEndpointRuntime.isRestEvalSet(evalSet) ? RestEndpointRuntime.forEvalSet(evalSet, null) : null) {
            for (int i = 0; i < samples.size(); i++) {
                EvalSample s = samples.get(i);
                JsonNode r = report.get("samples").get(i);
                assertThat(r.get("sample_id").asText()).isEqualTo(s.sampleId());
                assertThat(r.get("calls")).as(r.toString()).hasSize(s.output().size());
                r.get("calls").forEach(c -> assertThat(c.get("is_error").asBoolean()).as(c.toString()).isFalse());
                assertThat(r.get("matches_gold").asBoolean()).as(s.sampleId() + ": " + r).isTrue();
                Object answer = Json.MAPPER.treeToValue(r.get("answer"), Object.class);
                boolean javaSays = rest != null ? rest.matchesGold(s, answer) : runtime.matchesGold(s, answer);
                assertThat(javaSays).as(s.sampleId() + " by the project's comparator: " + answer).isTrue();
            }
        }
    }

    private static void assertHostile(JsonNode h) {
        // unknown tool: MCP answers a name it does not list with the protocol's error -32602 (spec: "Unknown tools")
        assertThat(h.get("unknown_tool").get("kind").asText()).isEqualTo("protocol_error");
        assertThat(h.get("unknown_tool").get("code").asInt()).isEqualTo(-32602);
        assertThat(h.get("unknown_tool").get("text").asText()).contains("fly_to_moon");
        assertThat(h.get("unknown_tool_then_normal").asBoolean()).isTrue();
        assertThat(h.get("wrong_types").get("kind").asText()).as(h.get("wrong_types").toString()).isEqualTo("tool_error");
        assertThat(h.get("wrong_types").get("text").asText()).startsWith("Error: ");
        assertThat(h.get("wrong_types_then_normal").asBoolean()).isTrue();
        assertThat(h.get("oversized").get("kind").asText()).isEqualTo("tool_error");
        assertThat(h.get("oversized").get("text").asText()).contains("at most " + McpLimits.DEFAULT.maxArgumentChars());
        assertThat(h.get("oversized_then_normal").asBoolean()).isTrue();
        List<String> loop = new ArrayList<>();
        h.get("forever_calls").forEach(k -> loop.add(k.asText()));
        List<String> expected = new ArrayList<>(java.util.Collections.nCopies(MAX_CALLS, "ok"));
        expected.add("tool_error");
        assertThat(loop).isEqualTo(expected);
        assertThat(h.get("forever_error").get("text").asText()).contains("already ran " + MAX_CALLS + " calls");
        assertThat(h.get("forever_then_normal").asBoolean()).isTrue();
    }
}
