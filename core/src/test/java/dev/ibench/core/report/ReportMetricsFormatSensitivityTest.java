package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclJudge;
import dev.ibench.core.parse.ParserChains;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.core.score.ScoreReport;
import dev.ibench.core.score.ScoreTally;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A format_sensitivity cell reports bfcl-eval's format_sensitivity_runner stats (outside the categories and the v4
 * overall): with 2 entries under configuration A (both right) and 2 under B (one right, one rejected: counted wrong as
 * bfcl-eval counts an inference error), accuracy 3/4, per configuration 1.0 and 0.5, max delta 50.0, sample variance
 * (0.25^2 + 0.25^2) / 1 = 0.125 -> 1250.0, standard deviation sqrt(0.125) = 0.35355 -> 35.36.
 */
class ReportMetricsFormatSensitivityTest {
    private static final String A = "ret_fmt=python&tool_call_tag=False&func_doc_fmt=json&prompt_fmt=plaintext&style=classic";
    private static final String B = "ret_fmt=json&tool_call_tag=True&func_doc_fmt=xml&prompt_fmt=plaintext&style=classic";
    private static final SampleScorer SCORER = new SampleScorer(ParserChains.forProfile(List.of("python_ast")), null);

    private static EvalSample entry(int n, String config) {
        Map<String, Object> function = Map.of("name", "f", "description", "f", "parameters",
                Map.of("type", "dict", "properties", Map.of("a", Map.of("type", "integer")), "required", List.of("a")));
        return new EvalSample("format_sensitivity_" + n + ":" + config + ":simple_python_" + n, "bfcl_simple_python", "q", null,
                List.of(Map.of("f", Map.of("a", List.of(1)))), List.of(new ToolCall("f", Map.of("a", 1), null)), null, List.of(function), List.of());
    }

    @Test
    void statsPerConfigurationOutsideTheCategoriesAndTheOverall() {
        ScoreTally tally = new ScoreTally();
        tally.add(SCORER.score(entry(0, A), "[f(a=1)]"));
        tally.add(SCORER.score(entry(1, A), "[f(a=1)]"));
        tally.add(SCORER.score(entry(2, B), "<TOOLCALL>[{\"function\": \"f\", \"parameters\": {\"a\": 1}}]</TOOLCALL>"));
        EvalSample rejected = entry(3, B);
        tally.addUnscoredBfcl(rejected.sampleId(), BfclJudge.unscored(rejected, BfclCategory.of(rejected).orElseThrow(), "rejected"));
        ScoreReport report = tally.report(List.of());

        Map<String, Double> m = ReportMetrics.flatten(report);
        assertThat(m).containsEntry("bfcl.format_sensitivity.accuracy", 0.75).containsEntry("bfcl.format_sensitivity.accuracy_max_delta", 50.0)
                .containsEntry("bfcl.format_sensitivity.accuracy_variance", 1250.0).containsEntry("bfcl.format_sensitivity.accuracy_std", 35.36)
                .containsEntry("bfcl.format_sensitivity.accuracy." + A, 1.0).containsEntry("bfcl.format_sensitivity.accuracy." + B, 0.5);
        assertThat(m.keySet()).noneMatch(k -> k.startsWith("bfcl.accuracy.") || k.startsWith("bfcl.overall"));
        assertThat(report.bfcl().categories()).isEmpty();
        assertThat(report.bfcl().errorTypes()).containsEntry("ast_decoder:decoder_failed", 1);
    }
}
