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
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.score.SampleScorer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pass@k and pass^k of ReACT and sql cells, from their stored outcomes, against values computed by hand with
 * pass@k = 1 - C(n-c, k)/C(n, k) and pass^k = C(c, k)/C(n, k) per sample, averaged over the samples with at least k
 * scored trials (an infra_error trial is not a trial of the model).
 */
class PassAtKOfReactAndSqlCellsTest {
    @TempDir Path dir;

    @Test
    void passHatKOfAReactCellIsTheHandComputedValue() throws Exception {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            String cell = cell(store, "react", 3, "A", "B", "C");
            // A: 3 of 3 trials complete; B: 2 of 3 (trial 1 fails); C: 0 of 2, its third trial an infra_error
            for (int t = 0; t < 3; t++) {
                store.saveSampleResult(react(cell, "A", t, true, 3));
                store.saveSampleResult(react(cell, "B", t, t != 1, 3 + t));
            }
            store.saveSampleResult(react(cell, "C", 0, false, 10));
            store.saveSampleResult(react(cell, "C", 1, false, 10));
            store.saveInfraError(cell, "C", 2, "503 for too long");

            Map<String, Double> m = means(report(store).cells().get(0));

            // pass^1 = (3/3 + 2/3 + 0/2) / 3 = 5/9
            assertThat(m.get("pass^1.completion")).isCloseTo(5.0 / 9, within(1e-12));
            // pass^2 = (C(3,2)/C(3,2) + C(2,2)/C(3,2) + C(0,2)/C(2,2)) / 3 = (1 + 1/3 + 0) / 3 = 4/9
            assertThat(m.get("pass^2.completion")).isCloseTo(4.0 / 9, within(1e-12));
            // pass^3 over A and B only (C has 2 scored trials) = (1 + C(2,3)/C(3,3)) / 2 = (1 + 0) / 2
            assertThat(m.get("pass^3.completion")).isCloseTo(0.5, within(1e-12));
            // pass@2 = (1 + (1 - C(1,2)/C(3,2)) + (1 - C(2,2)/C(2,2))) / 3 = (1 + 1 + 0) / 3
            assertThat(m.get("pass@2.completion")).isCloseTo(2.0 / 3, within(1e-12));
            assertThat(m.get("pass@3.completion")).isCloseTo(1.0, within(1e-12));
            assertThat(m).as("no sequence scores in a ReACT cell").doesNotContainKey("pass@1.sequence_full");
            // A's three trajectories are identical, C's two too, B's differ (3, 4 and 5 loops)
            assertThat(m.get("trials.identical_share")).isCloseTo(2.0 / 3, within(1e-12));
        }
    }

    @Test
    void passAtKOfASqlCellCountsItsQueriesResults() throws Exception {
        try (ResultsDatabase db = ResultsDatabase.open(dir.resolve("results.db"))) {
            ResultsStore store = new ResultsStore(db);
            String cell = cell(store, "sql", 2, "S1", "S2");
            sql(store, cell, "S1", 0, true, "SELECT height FROM hero");
            sql(store, cell, "S1", 1, false, "SELECT weight FROM hero");
            sql(store, cell, "S2", 0, true, "SELECT 1");
            sql(store, cell, "S2", 1, true, "SELECT 1");

            Map<String, Double> m = means(report(store).cells().get(0));

            assertThat(m.get("pass@1.completion")).isCloseTo(0.75, within(1e-12)); // (1/2 + 2/2) / 2
            assertThat(m.get("pass@2.completion")).isCloseTo(1.0, within(1e-12));
            assertThat(m.get("pass^2.completion")).isCloseTo(0.5, within(1e-12)); // (0 + 1) / 2
            assertThat(m.get("trials.identical_share")).isCloseTo(0.5, within(1e-12)); // S2's two queries are the same
        }
    }

    /** Campaign c with one cell of {@code mode} over {@code samples}, {@code trials} each; its id. */
    private String cell(ResultsStore store, String mode, int trials, String... samples) {
        store.saveCampaign("c", "pass@k", "{}");
        String cell = "c/m/b/" + mode;
        store.saveCell(new CellRecord(cell, "c", "m", "b", mode, "none", dir.resolve("unused.json").toString(), trials));
        store.saveCellSamples(cell, java.util.List.of(samples));
        return cell;
    }

    private static SampleResultRecord react(String cell, String sample, int trial, boolean completed, int loops) {
        return new SampleResultRecord(cell, sample, trial, SampleResultRecord.SCORED, completed,
                "{\"mode\":\"react\",\"sample_id\":\"" + sample + "\",\"end\":\"" + (completed ? "FINAL_ANSWER" : "OUT_OF_BUDGET")
                        + "\",\"completed\":" + completed + ",\"loops\":" + loops + ",\"budget\":10,\"oob\":" + !completed
                        + ",\"stuck\":false,\"unclassified\":false,\"parse_failures\":0,\"tool_errors\":0,\"calls\":[]}", null);
    }

    private static void sql(ResultsStore store, String cell, String sample, int trial, boolean completed, String query) {
        store.saveModelCall(new ModelCallRecord(cell, sample, trial, 0, null, "```sql\n" + query + "\n```", 1, 1, 1L, false));
        store.saveSampleResult(new SampleResultRecord(cell, sample, trial, SampleResultRecord.SCORED, completed,
                completed ? "{\"completed\":true}" : "{\"completed\":false,\"failure\":\"wrong_result\"}", null));
    }

    private static CampaignReport report(ResultsStore store) {
        return new CampaignReportBuilder(store, new EvalSetCache(), c -> new SampleScorer(ParserChains.defaultChain(), null))
                .build("c", "now");
    }

    private static Map<String, Double> means(CellReport cell) {
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        cell.metrics().forEach((k, v) -> out.put(k, v.mean()));
        return out;
    }
}
