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
