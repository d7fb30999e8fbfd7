package dev.ibench.activities.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.score.SampleScorer;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignReportBuilderTest {
    @TempDir Path dir;

    @Test
    void directCellsAreRescoredFromStoredOutputsAndReactCellsSummariseTheirTrajectories() throws Exception {
        JsonNode icl;
        try (InputStream in = getClass().getResourceAsStream("/icl/examples_icl_slot_filling.json")) {
            icl = Json.MAPPER.readTree(in).get("data");
        }
        Path evalSet = dir.resolve("icl.json");
        Json.MAPPER.writeValue(evalSet.toFile(), icl);
        List<String> ids = List.of(icl.get(0).get("sample_id").asText(), icl.get(1).get("sample_id").asText());
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c", "report test", "{}");
            store.saveCell(new CellRecord("c/m/b/direct", "c", "m", "b", "direct", "none", evalSet.toString(), 2));
            store.saveCellSamples("c/m/b/direct", ids);
            String gold = Json.MAPPER.writeValueAsString(icl.get(0).get("output"));
            // sample 0: gold in both trials; sample 1: gold in trial 0, prose in trial 1; nothing else stored
            for (int trial = 0; trial < 2; trial++) {
                store.saveModelCall(new ModelCallRecord("c/m/b/direct", ids.get(0), trial, 0, null, gold, 1, 1, 1L, false));
                store.saveSampleResult(new SampleResultRecord("c/m/b/direct", ids.get(0), trial, SampleResultRecord.SCORED, null, "{}", null));
            }
            String gold1 = Json.MAPPER.writeValueAsString(icl.get(1).get("output"));
            store.saveModelCall(new ModelCallRecord("c/m/b/direct", ids.get(1), 0, 0, null, gold1, 1, 1, 1L, false));
            store.saveSampleResult(new SampleResultRecord("c/m/b/direct", ids.get(1), 0, SampleResultRecord.SCORED, null, "{}", null));
            store.saveModelCall(new ModelCallRecord("c/m/b/direct", ids.get(1), 1, 0, null, "I do not know.", 1, 1, 1L, false));
            store.saveSampleResult(new SampleResultRecord("c/m/b/direct", ids.get(1), 1, SampleResultRecord.SCORED, null, "{}", null));

            store.saveCell(new CellRecord("c/m/b/react", "c", "m", "b", "react", "none", evalSet.toString(), 1));
            store.saveCellSamples("c/m/b/react", ids);
            store.saveSampleResult(new SampleResultRecord("c/m/b/react", ids.get(0), 0, SampleResultRecord.SCORED, true,
                    "{\"mode\":\"react\",\"sample_id\":\"" + ids.get(0) + "\",\"end\":\"FINAL_ANSWER\",\"completed\":true,\"loops\":4,"
                            + "\"budget\":10,\"oob\":false,\"stuck\":false,\"unclassified\":false,\"parse_failures\":1,\"tool_errors\":0,\"calls\":[]}", null));
            store.saveInfraError("c/m/b/react", ids.get(1), 0, "503 for too long");

            CampaignReport report = new CampaignReportBuilder(store, new EvalSetCache(),
                    cell -> new SampleScorer(ParserChains.defaultChain(), null)).build("c", "now");
            CellReport direct = report.cells().get(0);
            assertThat(direct.scored()).isEqualTo(4);
            assertThat(direct.metrics().get("intent.list.f1").trials()).hasSize(2);
            assertThat(direct.metrics().get("intent.list.f1").trials().get(0)).isEqualTo(1.0);
            assertThat(direct.metrics().get("intent.list.f1").trials().get(1)).isLessThan(1.0);
            assertThat(direct.metrics().get("intent.list.f1").spread()).isGreaterThan(0.0);
            assertThat(direct.errorCategories().get("instruction_alignment_failure")).as("trial 1's prose answer counts too").isEqualTo(1);
            // full sequence: sample 0 in 2 of 2 trials, sample 1 in 1 of 2: pass@1 = (1 + 1/2) / 2, pass@2 = 1, pass^2 = (1 + 0) / 2
            assertThat(direct.metrics().get("pass@1.sequence_full").mean()).isEqualTo(0.75);
            assertThat(direct.metrics().get("pass@2.sequence_full").mean()).isEqualTo(1.0);
            assertThat(direct.metrics().get("pass^2.sequence_full").mean()).isEqualTo(0.5);
            assertThat(direct.metrics()).as("no executor: no completion").doesNotContainKey("pass@1.completion");
            assertThat(direct.metrics().get("trials.identical_share").mean()).isEqualTo(0.5);

            CellReport react = report.cells().get(1);
            assertThat(react.scored()).isEqualTo(1);
            assertThat(react.infraErrors()).isEqualTo(1);
            assertThat(react.metrics().get("completion_rate").mean()).isEqualTo(1.0);
            assertThat(react.metrics().get("react.avg_loops").mean()).isCloseTo(4.0, within(1e-9));
            assertThat(react.metrics().get("react.parse_failures_per_sample").mean()).as("its one scored item failed to parse once").isEqualTo(1.0);
            assertThat(MarkdownReportRenderer.render(report)).contains("react.avg_loops").contains("| m | b | react | completed | 2 | 1 | 0 | 1 | 0 | 1.000 | 0.500 |");
        }
    }

    @Test
    void aRejectedSampleIsCountedApartAndNeverScoredAsAModelFailure() throws Exception {
        JsonNode icl;
        try (InputStream in = getClass().getResourceAsStream("/icl/examples_icl_slot_filling.json")) {
            icl = Json.MAPPER.readTree(in).get("data");
        }
        Path evalSet = dir.resolve("icl.json");
        Json.MAPPER.writeValue(evalSet.toFile(), icl);
        List<String> ids = List.of(icl.get(0).get("sample_id").asText(), icl.get(1).get("sample_id").asText(),
                icl.get(2).get("sample_id").asText());
        String cell = "c/m/b/direct";
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c", "report test", "{}");
            store.saveCell(new CellRecord(cell, "c", "m", "b", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(cell, ids);
            // sample 0 answered with its gold output; sample 1 refused by the endpoint; sample 2 never ran
            store.saveModelCall(new ModelCallRecord(cell, ids.get(0), 0, 0, null,
                    Json.MAPPER.writeValueAsString(icl.get(0).get("output")), 1, 1, 1L, false));
            store.saveSampleResult(new SampleResultRecord(cell, ids.get(0), 0, SampleResultRecord.SCORED, true, "{}", null));
            store.saveRejected(cell, ids.get(1), 0, "prompt of 14500 tokens exceeds the context of 8192");

            CampaignReport report = new CampaignReportBuilder(store, new EvalSetCache(),
                    c -> new SampleScorer(ParserChains.defaultChain(), null)).build("c", "now");
            CellReport direct = report.cells().get(0);
            assertThat(direct.scored()).isEqualTo(1);
            assertThat(direct.rejected()).isEqualTo(1);
            assertThat(direct.infraErrors()).isZero();
            assertThat(direct.pending()).isEqualTo(1);
            // the rejected sample is out of the denominator, as an infra_error would be: the one scored sample is perfect
            assertThat(direct.metrics().get("intent.list.f1").mean()).isEqualTo(1.0);
            assertThat(direct.trialReports().get(0).samples()).isEqualTo(1);
            assertThat(MarkdownReportRenderer.render(report))
                    .contains("| state | planned | scored | rejected | infra errors | pending |")
                    .contains("| m | b | direct | unfinished | 3 | 1 | 1 | 0 | 1 | – | – |");
            assertThat(Json.MAPPER.readTree(JsonReportRenderer.render(report)).get("cells").get(0).get("rejected").asInt()).isEqualTo(1);
            assertThat(HtmlReportRenderer.render(report)).contains("<th>rejected</th>")
                    .contains("<td>unfinished</td><td>3</td><td>1</td><td>1</td><td>0</td><td>1</td>");
        }
    }
}
