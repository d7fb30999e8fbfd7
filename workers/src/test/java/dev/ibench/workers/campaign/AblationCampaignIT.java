package dev.ibench.workers.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.testing.SuperheroEvalSets;
import dev.ibench.workers.testing.CampaignHarness;
import dev.ibench.workflows.campaign.CampaignStatus;
import dev.ibench.workflows.campaign.CellState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ablations as real prompt transforms, with the oracle (test tool) on superhero SLOT and SEL on the real dev server:
 * the stored prompts show obfuscated names and tool lists cut to each universe share with the gold tools present,
 * the oracle scores 1.0 under every ablation (its answers, in the shown names, are read back before scoring), and
 * the report names each cell's ablation.
 */
class AblationCampaignIT {
    private static final int SAMPLES = 8;

    @TempDir Path dir;

    @Test
    void theOracleScoresOneUnderEveryAblationAndTheStoredPromptsShowTheTransforms() throws Exception {
        Path campaignFile = dir.resolve("campaign.yaml");
        Files.writeString(campaignFile, """
                name: ablations
                models:
                  - {name: oracle, profile: oracle}
                benchmarks:
                  - {name: slot, eval_set: %s}
                  - {name: sel, eval_set: %s}
                ablations: [none, obfuscated, 'universe:20', 'universe:60']
                samples: {limit: %d, seed: 2}
                decoding: {seed: 9}
                """.formatted(SuperheroEvalSets.slot(), SuperheroEvalSets.sel(), SAMPLES));
        try (CampaignHarness harness = CampaignHarness.start(dir, "--models-from", campaignFile.toString())) {
            CampaignServices services = harness.services();
            String id = "ablations";
            CampaignStatus status = harness.run(campaignFile, id, Duration.ofMinutes(5));
            assertThat(status.state()).as(harness.workerLog()).isEqualTo(CellState.COMPLETED);
            assertThat(status.cells()).hasSize(8);

            CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                    .build(id, Instant.now().toString());
            for (CellReport cell : report.cells()) {
                assertThat(cell.scored()).as(cell.cellId()).isEqualTo(SAMPLES);
                assertThat(cell.metrics().get("completion_rate").mean()).as(cell.cellId()).isEqualTo(1.0);
                assertThat(cell.metrics().get("intent.list.f1").mean()).as(cell.cellId()).isEqualTo(1.0);
                assertThat(cell.metrics().get("slot.f1").mean()).as(cell.cellId()).isEqualTo(1.0);
            }
            assertThat(MarkdownReportRenderer.render(report)).contains("direct · obfuscated").contains("direct · universe:20");

            for (String benchmark : List.of("slot", "sel")) {
                Path evalSet = benchmark.equals("slot") ? SuperheroEvalSets.slot() : SuperheroEvalSets.sel();
                Map<String, EvalSample> samples = services.evalSets().samples(evalSet.toString());
                int universe = samples.values().stream().flatMap(s -> s.tools().stream()).map(t -> (String) t.get("name"))
                        .collect(Collectors.toSet()).size();
                for (String sampleId : services.store().cellSampleIds(id + "/oracle/" + benchmark + "/direct")) {
                    EvalSample sample = samples.get(sampleId);
                    Set<String> gold = sample.output().stream().map(ToolCall::name).collect(Collectors.toSet());

                    JsonNode obfuscated = prompt(services, id + "/oracle/" + benchmark + "/direct/obfuscated", sampleId);
                    assertThat(toolNames(obfuscated)).hasSize(sample.tools().size()).allMatch(n -> n.matches("FUNC_\\d+"));
                    for (JsonNode tool : obfuscated.path("tools")) {
                        tool.at("/function/parameters/properties").fieldNames()
                                .forEachRemaining(arg -> assertThat(arg).matches("ARG_\\d+"));
                    }
                    assertThat(toolNames(prompt(services, id + "/oracle/" + benchmark + "/direct", sampleId)))
                            .as("without ablation the sample's own tools").containsAll(gold);

                    for (int percent : new int[] {20, 60}) {
                        Set<String> offered = toolNames(prompt(services, id + "/oracle/" + benchmark + "/direct/universe:" + percent, sampleId));
                        assertThat(offered).as("%s %s universe:%d", benchmark, sampleId, percent).containsAll(gold)
                                .hasSize(Math.max(gold.size(), universe * percent / 100)); // Table 4 rounds down
                    }
                }
            }
        }
    }

    private static JsonNode prompt(CampaignServices services, String cellId, String sampleId) throws Exception {
        String json = services.store().prompt(cellId, sampleId, 0).orElseThrow(() -> new AssertionError("no stored prompt for " + cellId + " " + sampleId));
        return Json.MAPPER.readTree(json);
    }

    /** The names of the tools a stored prompt offered natively (the oracle profile runs in tools mode). */
    private static Set<String> toolNames(JsonNode prompt) {
        Set<String> names = new HashSet<>();
        prompt.path("tools").forEach(t -> names.add(t.at("/function/name").asText()));
        return names;
    }
}
