package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclJudge;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.report.compare.BfclOverallComparison;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.core.score.ScoreReport;
import dev.ibench.core.score.ScoreTally;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * BFCL's overall per model with bfcl-eval's denominators and the partial v4 overall. Expected values by hand from
 * bfcl-eval 2026.3.23: an entry whose inference failed has "Error during inference: ..." as its result, which does not
 * decode (eval_runner: ast_decoder:decoder_failed in an AST category, no call in an irrelevance one), and
 * generate_leaderboard_csv's weights 10 / 10 / 10 / 30 / 40 (simple_python is 10 / 4 / 3 of 100).
 */
class BfclOverallTest {
    private static final Map<String, Object> ADD = Map.of("name", "math.add", "parameters", Map.of("type", "dict",
            "properties", Map.of("a", Map.of("type", "integer"), "b", Map.of("type", "integer")), "required", List.of("a", "b")));

    private static EvalSample simple(int i) {
        return new EvalSample("simple_python_" + i, BfclCategory.SIMPLE_PYTHON.datasetName(), "q", null,
                List.of(Map.of("math.add", Map.of("a", List.of(i), "b", List.of(1)))), List.of(), null, List.of(ADD), List.of());
    }

    private static EvalSample irrelevance(int i) {
        return new EvalSample("irrelevance_" + i, BfclCategory.IRRELEVANCE.datasetName(), "q", null, null, List.of(), null, List.of(ADD), List.of());
    }

    /** A one-trial cell: {@code correct} samples answered right, then {@code rejected} entries without a model output. */
    private static CellReport cell(String model, int correct, int rejected) {
        ScoreTally tally = new ScoreTally();
        SampleScorer scorer = new SampleScorer(ParserChains.named("default"), null);
        List<dev.ibench.core.score.SampleScore> perSample = new ArrayList<>();
        for (int i = 0; i < correct; i++) {
            var score = scorer.score(simple(i), "[math.add(a=" + i + ", b=1)]");
            tally.add(score);
            perSample.add(score);
        }
        for (int i = correct; i < correct + rejected; i++) {
            tally.addUnscoredBfcl(BfclJudge.unscored(simple(i), BfclCategory.SIMPLE_PYTHON, "rejected"));
        }
        ScoreReport trial = tally.report(perSample);
        return new CellReport("c/" + model + "/bfcl-simple/direct", model, "bfcl-simple-python", "direct", correct + rejected, 1, correct, 0, 0,
                ReportMetrics.summarize(List.of(trial), List.of(0L)), Map.of(), List.of(trial), rejected);
    }

    @Test
    void aRejectedEntryLowersBfclAccuracyAsBfclEvalCountsIt() {
        BfclOverall overall = BfclOverall.of(List.of(cell("m", 3, 1))).get(0);

        // bfcl-eval: 4 entries in the result file, the rejected one "Error during inference" -> decoder_failed: 3 of 4
        assertThat(overall.samples()).isEqualTo(4);
        assertThat(overall.unscored()).isEqualTo(1);
        assertThat(overall.weighted().mean()).isCloseTo(0.75, within(1e-12));
        assertThat(overall.weightedScoredOnly().mean()).as("ibench's scored-only figure, labelled").isCloseTo(1.0, within(1e-12));
        CellReport cell = cell("m", 3, 1);
        assertThat(cell.metrics().get("bfcl.accuracy.simple_python").mean()).isCloseTo(0.75, within(1e-12));
        assertThat(cell.metrics().get("bfcl.unscored.simple_python").mean()).isEqualTo(1.0);
        assertThat(cell.metrics().get("bfcl.accuracy_scored_only.simple_python").mean()).isEqualTo(1.0);
        assertThat(cell.trialReports().get(0).bfcl().errorTypes()).containsEntry("ast_decoder:decoder_failed", 1);
    }

    @Test
    void anEntryWithoutOutputInAnIrrelevanceCategoryPassesAsInBfclEval() {
        // bfcl-eval's _evaluate_single_relevance_entry: a result that does not decode holds no call, which irrelevance wants
        assertThat(BfclJudge.unscored(irrelevance(0), BfclCategory.IRRELEVANCE, "infra_error").valid()).isTrue();
        assertThat(BfclJudge.unscored(simple(0), BfclCategory.SIMPLE_PYTHON, "infra_error").errorType()).isEqualTo("ast_decoder:decoder_failed");
    }

    @Test
    void aPartialRunShowsItsValueOverTheCategoriesRunAndTheMissingWeightNeverABareNumber() {
        // the demo: the oracle perfect on 3 simple samples. simple_python weighs 10/12 = 0.83 of 100 points: the
        // leaderboard formula gives 0.0083, the value over the categories run is 1.000
        BfclOverall demo = BfclOverall.of(List.of(cell("oracle", 3, 0))).get(0);
        assertThat(demo.v4Complete()).isFalse();
        assertThat(demo.v4Overall().mean()).isCloseTo(1.0 * 10 / 12 / 100, within(1e-12));
        assertThat(demo.v4OverRun().mean()).isCloseTo(1.0, within(1e-12));
        assertThat(demo.v4WeightRun()).isCloseTo(10.0 / 12, within(1e-12));
        assertThat(demo.v4MissingWeights()).containsOnlyKeys("non_live", "live", "irrelevance", "multi_turn", "agentic");
        assertThat(demo.v4MissingWeights().get("non_live")).isCloseTo(10 - 10.0 / 12, within(1e-12));
        String text = "partial 1.000 over 0.8 of 100 weight (not run: non_live 9.2, live 10, irrelevance 10, multi_turn 30, agentic 40;"
                + " leaderboard formula with those at 0: 0.008)";
        assertThat(demo.v4Text()).isEqualTo(text);

        CampaignReport report = new CampaignReport("c", "demo", "t", List.of(cell("oracle", 3, 0)));
        String md = MarkdownReportRenderer.render(report);
        assertThat(md).contains("| oracle | simple_python | 3 | 0 | 1.000 | 1.000 | 1.000 | " + text + " |")
                .doesNotContain("| 0.008 |").doesNotContain("bfcl.v4_overall");
        assertThat(dev.ibench.core.report.html.HtmlReportRenderer.render(report)).contains("<td>" + text + "</td>");
        String json = JsonReportRenderer.render(report);
        assertThat(json).contains("\"complete\" : false").contains("\"leaderboard_formula_not_run_as_0\"").doesNotContain("\"v4_overall\"");
        String compared = BfclOverallComparison.markdown("A", "B", BfclOverallComparison.of(report, report));
        assertThat(compared).contains("| oracle | yes | 1.000 | 1.000 | " + text + " | " + text + " |");
    }

    /** A web-search cell as a campaign reports it (one trial, 5 questions): its category, entries and accuracy. */
    private static CellReport webSearchCell(String category, double accuracy) {
        Map<String, MetricSummary> m = new java.util.LinkedHashMap<>();
        m.put("completion_rate", MetricSummary.of(List.of(accuracy)));
        m.put("bfcl.accuracy." + category, MetricSummary.of(List.of(accuracy)));
        m.put("bfcl.multi_turn.entries", MetricSummary.of(List.of(5.0)));
        return new CellReport("c/m/" + category + "/react", "m", category, "react", 5, 1, 5, 0, 0, m, Map.of(), List.of());
    }

    /** Web search feeds the agentic section as memory does: each category 40 / 2 / 2 = 10 of the 100 weight points. */
    @Test
    void webSearchCellsCountInTheAgenticSection() {
        BfclOverall o = BfclOverall.of(List.of(webSearchCell("web_search_base", 0.6), webSearchCell("web_search_no_snippet", 0.4))).get(0);
        assertThat(o.categories()).containsExactlyInAnyOrder("web_search_base", "web_search_no_snippet");
        assertThat(o.v4Overall().mean()).isCloseTo((10 * 0.6 + 10 * 0.4) / 100, within(1e-12));
        assertThat(o.v4WeightRun()).isCloseTo(20, within(1e-12));
        assertThat(o.v4MissingWeights().get("agentic")).isCloseTo(20, within(1e-12));
    }
}
