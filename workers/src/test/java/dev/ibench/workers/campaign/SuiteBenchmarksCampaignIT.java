package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.workers.cli.IbenchCli;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * One campaign over a BFCL benchmark and a NESTful benchmark, both imported with {@code ibench import}, with the oracle
 * (test tool) and the real SmolLM2 (in-process GGUF), on the real dev server with a worker in its own JVM: every cell
 * completes through the ordinary campaign workflow, the oracle scores 1.0 on BFCL accuracy and NESTful win rate, and
 * the report carries BFCL's and NESTful's metrics for every cell.
 */
class SuiteBenchmarksCampaignIT {
    private static final int SAMPLES = 4;

    @TempDir Path dir;

    private static Path data(String relative) {
        Path root = Files.isDirectory(Path.of("data/bfcl")) ? Path.of("data") : Path.of("../data");
        return root.resolve(relative).toAbsolutePath().normalize();
    }

    private static void importSet(String... args) {
        int exit = new CommandLine(new IbenchCli()).execute(args);
        assertThat(exit).as("ibench %s", String.join(" ", args)).isZero();
    }

    @Test
    void aCampaignOverBfclAndNestfulCompletesAndReportsTheirMetrics() throws Exception {
        importSet("import", "bfcl", data("bfcl/BFCL_v3_simple.json").toString(), "--answers",
                data("bfcl/possible_answer/BFCL_v3_simple.json").toString(), "--category", "simple", "--out", dir.toString());
        importSet("import", "nestful", data("nestful/nestful_v2_sample50.jsonl").toString(), "--out", dir.toString(),
                "--name", "nestful", "--functions", data("nestful/functions").toString());
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: suites
                models:
                  - {name: oracle, profile: oracle}
                  - {name: smollm2, profile: smollm2}
                benchmarks:
                  - {name: bfcl-simple, eval_set: bfcl-simple.json}
                  - {name: nestful, eval_set: nestful-nestful.json}
                samples: {limit: %d, seed: 7}
                """.formatted(SAMPLES));
        try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", campaignFile.toString())) {
            CampaignServices services = harness.services();
            String id = "suites";
            CampaignStatus status = harness.run(campaignFile, id, Duration.ofMinutes(15));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            assertThat(status.cells()).hasSize(4).allSatisfy(cell -> assertThat(cell.state()).isEqualTo(CellState.COMPLETED));

            CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(),
                    services::scorerOf)
                    .build(id, Instant.now().toString());
            JsonNode json = Json.MAPPER.readTree(JsonReportRenderer.render(report));
            for (JsonNode cell : json.get("cells")) {
                String where = cell.get("model").asText() + " on " + cell.get("benchmark").asText();
                assertThat(cell.get("scored").asInt()).as(where + ": no infra error, nothing pending").isEqualTo(SAMPLES);
                JsonNode metrics = cell.get("metrics");
                boolean oracle = cell.get("model").asText().equals("oracle");
                if (cell.get("benchmark").asText().equals("bfcl-simple")) {
                    assertThat(metrics.has("bfcl.accuracy.simple")).as(where).isTrue();
                    assertThat(metrics.has("completion_rate")).as(where + ": BFCL samples are not executed").isFalse();
                    if (oracle) {
                        assertThat(metrics.at("/bfcl.accuracy.simple/mean").asDouble()).isEqualTo(1.0);
                    }
                } else {
                    assertThat(metrics.has("nestful.f1_function")).as(where).isTrue();
                    assertThat(metrics.has("nestful.f1_parameter")).as(where).isTrue();
                    if (oracle) {
                        assertThat(metrics.at("/nestful.f1_function/mean").asDouble()).isEqualTo(1.0);
                        assertThat(metrics.at("/sequence.full/mean").asDouble()).isEqualTo(1.0);
                    }
                }
            }
            assertThat(json.get("bfcl_overall")).hasSize(2);
            String markdown = MarkdownReportRenderer.render(report);
            System.out.println(markdown);
            assertThat(markdown).contains("BFCL overall per model").contains("bfcl.accuracy.simple")
                    .contains("nestful.f1_parameter");
        }
    }
}
