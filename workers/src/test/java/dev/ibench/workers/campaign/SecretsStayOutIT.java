package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workers.testing.CliProcess;
import dev.ibench.workers.testing.FakeOpenAiEndpoint;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CampaignWorkflow;
import dev.ibench.workflows.campaign.CellState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign against an endpoint that needs a bearer key (taken from the environment through {@code api_key_env}) and
 * that echoes the key back in its first error bodies: afterwards the key occurs nowhere: not in the Temporal history
 * of the campaign and its cells (fetched as JSON, and in the dev server's database file), not in the results database
 * (and its WAL), not in the worker's or the server's logs, not in the md/json/html reports. Real dev server, worker in
 * its own JVM; the fake endpoint is a test double.
 */
class SecretsStayOutIT {
    @TempDir Path dir;

    @Test
    void theApiKeyOccursInNoHistoryStoreLogOrReport() throws Exception {
        String key = "sk-ibench-secret-" + UUID.randomUUID();
        try (FakeOpenAiEndpoint endpoint = FakeOpenAiEndpoint.start(Duration.ofMillis(20))) {
            endpoint.requireBearer(key, 3);
            Path file = dir.resolve("keyed.yaml");
            Files.writeString(file, """
                    name: keyed
                    models: [{name: keyed, profile: vllm-qwen2.5-7b, endpoint: "%s", api_key_env: IBENCH_SECRET_IT_KEY}]
                    benchmarks: [{name: slot, eval_set: %s}]
                    samples: {limit: 6, seed: 1}
                    """.formatted(endpoint.baseUrl(), SuperheroEvalSets.slot()));
            List<String> histories = new ArrayList<>();
            try (CampaignHarness harness = CampaignHarness.start(dir, Map.of("IBENCH_SECRET_IT_KEY", key), "--models-from", file.toString())) {
                CampaignStatus status = harness.run(file, "keyed", Duration.ofMinutes(4));
                assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
                assertThat(endpoint.authorizedCount()).as("the key was really sent").isGreaterThanOrEqualTo(6 + 3);
                histories.add(withDecodedPayloads(harness.connection().client().fetchHistory(CampaignWorkflow.workflowId("keyed")).toJson(true)));
                for (CampaignStatus.CellEntry cell : status.cells()) {
                    histories.add(withDecodedPayloads(harness.connection().client().fetchHistory(cell.workflowId()).toJson(true)));
                }
                assertThat(String.join("\n", histories)).as("the histories hold the echoed failures (redacted)").contains("overloaded");
                Map<String, String> env = Map.of("IBENCH_RESULTS_DB", dir.resolve("results.db").toString());
                for (String format : List.of("md", "json", "html")) {
                    Path report = dir.resolve("report." + format);
                    try (CliProcess cli = CliProcess.start(List.of("campaign", "report", "keyed", "--format", format, "--out", report.toString()),
                            "", dir.resolve("report-" + format + ".log"), env)) {
                        assertThat(cli.waitForExit(Duration.ofMinutes(2))).as(cli.output()).isZero();
                    }
                    assertThat(report).isNotEmptyFile();
                }
            }
            for (String history : histories) {
                assertThat(history).doesNotContain(key);
            }
            byte[] needle = key.getBytes(StandardCharsets.UTF_8);
            List<Path> scanned = new ArrayList<>();
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    assertThat(indexOf(Files.readAllBytes(f), needle)).as("the key in %s", f).isEqualTo(-1);
                    scanned.add(dir.relativize(f));
                }
            }
            assertThat(scanned.stream().map(Path::toString)).as("what was scanned")
                    .contains("results.db", "worker.log", "report.md", "report.json", "report.html")
                    .anyMatch(n -> n.startsWith("temporal.db"));
        }
    }

    /**
     * Issue 34: the tool servers' bearer token ({@code serve-tools --token-env}), REST and MCP over HTTP, occurs in no
     * log line and no answer, even for requests that carry it wrongly (a near miss, in the query string, in a header
     * the server echoes nothing of) and for the server's own refusals.
     */
    @Test
    void theToolServerTokenOccursInNoLogOrAnswer() throws Exception {
        String token = "ibench-tools-token-" + UUID.randomUUID();
        Path build = dir.resolve("build");
        dev.ibench.core.rest.RestBuildStep.run(new dev.ibench.core.build.BuildOptions("bird", SuperheroEvalSets.dataRoot().resolve("bird"),
                List.of("superhero"), List.of(), dev.ibench.core.tools.BuildMode.PAPER, build, SuperheroEvalSets.dataRoot()),
                new dev.ibench.core.verify.CoverageReport(), m -> {}, false);
        Map<String, String> env = Map.of("IBENCH_TOOLS_TOKEN", token);
        List<String> answers = new ArrayList<>();
        List<List<String>> servers = List.of(
                List.of("serve-tools", build.toString(), "--port", "0", "--token-env", "IBENCH_TOOLS_TOKEN"),
                List.of("serve-tools", SuperheroEvalSets.slot().toString(), "--mcp", "http", "--port", "0", "--token-env", "IBENCH_TOOLS_TOKEN",
                        "--data-root", SuperheroEvalSets.dataRoot().toString()));
        int n = 0;
        for (List<String> server : servers) {
            boolean mcp = server.contains("--mcp");
            try (CliProcess cli = CliProcess.start(server, "serving", dir.resolve("tools-" + n++ + ".log"), env)) {
                Matcher port = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)").matcher(cli.output());
                assertThat(port.find()).as(cli.output()).isTrue();
                java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
                String base = "http://127.0.0.1:" + port.group(1) + (mcp ? "/mcp" : "/openapi.json");
                String init = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
                List<String[]> attempts = List.of(new String[] {"", null}, new String[] {"", "Bearer " + token + "x"},
                        new String[] {"?token=" + token, "Bearer " + token.substring(1)}, new String[] {"", "Basic " + token},
                        new String[] {"", "Bearer " + token});
                List<Integer> statuses = new ArrayList<>();
                for (String[] a : attempts) {
                    java.net.http.HttpRequest.Builder b = java.net.http.HttpRequest.newBuilder(java.net.URI.create(base + a[0]))
                            .header("Accept", "application/json, text/event-stream");
                    if (a[1] != null) b.header("Authorization", a[1]);
                    if (mcp) b.POST(java.net.http.HttpRequest.BodyPublishers.ofString(init)).header("Content-Type", "application/json");
                    java.net.http.HttpResponse<String> r = http.send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
                    statuses.add(r.statusCode());
                    answers.add(r.headers().map() + "\n" + r.body());
                }
                assertThat(statuses).as(base).containsExactly(401, 401, 401, 401, 200);
            }
        }
        for (String answer : answers) assertThat(answer).doesNotContain(token);
        byte[] needle = token.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < servers.size(); i++) {
            Path log = dir.resolve("tools-" + i + ".log");
            assertThat(Files.readString(log)).contains("serving");
            assertThat(indexOf(Files.readAllBytes(log), needle)).as("the token in %s", log).isEqualTo(-1);
        }
    }

    /**
     * The history JSON followed by the decoded text of every payload it holds: payloads are base64 in the JSON, and a
     * failure can travel inside one (a model-call batch returns its items' failures as its result).
     */
    private static String withDecodedPayloads(String historyJson) {
        StringBuilder out = new StringBuilder(historyJson);
        Matcher data = PAYLOAD_DATA.matcher(historyJson);
        while (data.find()) {
            out.append('\n').append(new String(Base64.getDecoder().decode(data.group(1).replace("\\u003d", "=")), StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    private static final Pattern PAYLOAD_DATA = Pattern.compile("\"data\": \"([A-Za-z0-9+/=\\\\u]+)\"");

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
