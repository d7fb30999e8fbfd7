package dev.ibench.workers.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.core.json.Json;
import dev.ibench.testing.FreePorts;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every metric the provisioned Grafana dashboard (deploy/compose/grafana/dashboards/ibench.json) queries is one a real
 * {@code ibench worker --metrics-port} exports: the names come from a /metrics scrape of a worker that ran an oracle
 * campaign (test tool) on the real dev server, not from a hand-copied list.
 */
class GrafanaDashboardMetricsIT {
    /** Series Prometheus itself makes for every target, not exported by ibench. */
    private static final Set<String> PROMETHEUS_OWN = Set.of("up");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Set<String> PROMQL_KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left", "group_right",
            "and", "or", "unless", "bool", "offset");

    @TempDir Path dir;

    @Test
    void everyMetricTheDashboardQueriesIsExportedByAWorker() throws Exception {
        Set<String> queried = new TreeSet<>();
        JsonNode dashboard = Json.MAPPER.readTree(DeployFiles.root().resolve("deploy/compose/grafana/dashboards/ibench.json").toFile());
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                queried.addAll(metricNames(target.path("expr").asText()));
            }
        }
        assertThat(queried).as("metric names parsed from the dashboard").contains("ibench_samples_scored_total", "up").hasSizeGreaterThan(8);

        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: dashboard
                models: [{name: oracle, profile: oracle}]
                benchmarks: [{name: slot, eval_set: %s}]
                samples: {limit: 3, seed: 5}
                """.formatted(SuperheroEvalSets.slot()));
        int metricsPort = FreePorts.next();
        Set<String> exported;
        try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", campaignFile.toString(),
                "--metrics-port", Integer.toString(metricsPort))) {
            CampaignStatus status = harness.run(campaignFile, "dashboard", Duration.ofMinutes(3));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            exported = scrapeUntil(metricsPort, Set.of("ibench_samples_scored_total", "temporal_workflow_completed_total"));
        }
        Set<String> missing = new TreeSet<>(queried);
        missing.removeAll(exported);
        missing.removeAll(PROMETHEUS_OWN);
        assertThat(missing).as("dashboard metrics not in the worker's /metrics (exported: %s)", exported).isEmpty();
    }

    /** Metric names of a PromQL expression: identifiers outside strings, label matchers, ranges, grouping and calls. */
    static Set<String> metricNames(String expr) {
        String stripped = expr.replaceAll("\"[^\"]*\"", " ")
                .replaceAll("\\{[^}]*}", " ")
                .replaceAll("\\[[^]]*]", " ")
                .replaceAll("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", " ");
        Set<String> names = new TreeSet<>();
        Matcher m = IDENTIFIER.matcher(stripped);
        while (m.find()) {
            String name = m.group();
            boolean call = stripped.substring(m.end()).stripLeading().startsWith("(");
            if (!call && !PROMQL_KEYWORDS.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /** The sample names of the Prometheus text at /metrics, once it shows {@code expected} (the reporter publishes every second). */
    private static Set<String> scrapeUntil(int port, Set<String> expected) throws Exception {
        Set<String> names = new TreeSet<>();
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 50 && !names.containsAll(expected); i++) {
            Thread.sleep(300);
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            names.clear();
            for (String line : response.body().split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    Matcher m = IDENTIFIER.matcher(line);
                    if (m.lookingAt()) {
                        names.add(m.group());
                    }
                }
            }
        }
        return names;
    }
}
