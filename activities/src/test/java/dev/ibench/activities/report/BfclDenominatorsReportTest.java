package dev.ibench.activities.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.score.SampleScorer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BFCL cell of 4 simple_python entries: 2 answered right, 1 rejected (prompt too long), 1 infra_error. bfcl-eval has
 * all 4 in its result file, the two without an answer as "Error during inference: ...", which does not decode
 * (ast_decoder:decoder_failed): accuracy 2/4, where ibench's scored-only figure is 2/2.
 */
class BfclDenominatorsReportTest {
    @TempDir Path dir;

    @Test
    void rejectedAndInfraErrorEntriesCountAsBfclEvalCountsThem() throws Exception {
        StringBuilder set = new StringBuilder("[");
        for (int i = 0; i < 4; i++) {
            set.append(i == 0 ? "" : ",").append("{\"sample_id\": \"simple_python_").append(i).append("\", \"dataset_name\": \"bfcl_simple_python\",")
                    .append(" \"input\": \"add\", \"output\": [{\"name\": \"math.add\", \"arguments\": {\"a\": ").append(i).append("}}],")
                    .append(" \"gold_answer\": [{\"math.add\": {\"a\": [").append(i).append("]}}],")
                    .append(" \"tools\": [{\"name\": \"math.add\", \"parameters\": {\"type\": \"dict\", \"properties\": {\"a\": {\"type\": \"integer\"}},")
                    .append(" \"required\": [\"a\"]}}]}");
        }
        Path evalSet = dir.resolve("bfcl-simple-python.json");
        Files.writeString(evalSet, set.append(']').toString());
        String cell = "c/m/bfcl-simple-python/direct";
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            store.saveCampaign("c", "bfcl denominators", "{}");
            store.saveCell(new CellRecord(cell, "c", "m", "bfcl-simple-python", "direct", "none", evalSet.toString(), 1));
            store.saveCellSamples(cell, List.of("simple_python_0", "simple_python_1", "simple_python_2", "simple_python_3"));
            for (int i = 0; i < 2; i++) {
                store.saveModelCall(new ModelCallRecord(cell, "simple_python_" + i, 0, 0, null, "[math.add(a=" + i + ")]", 1, 1, 1L, false));
                store.saveSampleResult(new SampleResultRecord(cell, "simple_python_" + i, 0, SampleResultRecord.SCORED, null, "{}", null));
            }
            store.saveRejected(cell, "simple_python_2", 0, "CONTEXT_LENGTH: prompt too long");
            store.saveInfraError(cell, "simple_python_3", 0, "503 for too long");

            CampaignReport report = new CampaignReportBuilder(store, new EvalSetCache(),
                    c -> new SampleScorer(ParserChains.defaultChain(), null)).build("c", "now");
            CellReport direct = report.cells().get(0);
            assertThat(direct.scored()).isEqualTo(2);
            assertThat(direct.metrics().get("bfcl.accuracy.simple_python").mean()).isCloseTo(0.5, within(1e-12));
            assertThat(direct.metrics().get("bfcl.unscored.simple_python").mean()).isEqualTo(2.0);
            assertThat(direct.metrics().get("bfcl.accuracy_scored_only.simple_python").mean()).isEqualTo(1.0);
            BfclOverall overall = BfclOverall.of(report.cells()).get(0);
            assertThat(overall.samples()).isEqualTo(4);
            assertThat(overall.unscored()).isEqualTo(2);
            assertThat(overall.weighted().mean()).isCloseTo(0.5, within(1e-12));
            assertThat(overall.weightedScoredOnly().mean()).isCloseTo(1.0, within(1e-12));
            // the other metrics stay over the scored entries
            assertThat(direct.metrics().get("intent.list.f1").mean()).isEqualTo(1.0);
        }
    }
}
