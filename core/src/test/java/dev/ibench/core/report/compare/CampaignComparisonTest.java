package dev.ibench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.ibench.core.report.SampleRow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CampaignComparisonTest {
    private static SampleRow row(String campaign, String sample, int trial, String status, double completed, double loops) {
        Map<String, Double> scores = new LinkedHashMap<>();
        if (status.equals("scored")) {
            scores.put("completed", completed);
            scores.put("react.loops", loops);
        }
        return new SampleRow(campaign + "/m/b/react", "m", "b", "react", "none", sample, trial, status, scores, null);
    }

    @Test
    void deltasArePairedOnSamplesBothScoredAndAveragedOverTrials() {
        List<SampleRow> a = List.of(
                row("a", "s1", 0, "scored", 1, 4), row("a", "s1", 1, "scored", 0, 6), // s1: completed 0.5, loops 5
                row("a", "s2", 0, "scored", 0, 10),
                row("a", "s3", 0, "scored", 1, 3),
                row("a", "s4", 0, "infra_error", 0, 0)); // not scored in A: not paired
        List<SampleRow> b = List.of(
                row("b", "s1", 0, "scored", 1, 3),
                row("b", "s2", 0, "scored", 1, 4),
                row("b", "s3", 0, "scored", 1, 3),
                row("b", "s4", 0, "scored", 1, 2),
                row("b", "s5", 0, "scored", 0, 10)); // only in B
        CampaignComparison c = CampaignComparison.of("a", a, "b", b, 5, 1000);
        assertThat(c.cells()).containsExactly(new CampaignComparison.CellPairing("m · b · react", 3, 0, 2));
        CampaignComparison.MetricDelta completed = c.deltas().get(0);
        // pairs s1, s2, s3: A = 0.5, 0, 1 (mean 0.5); B = 1, 1, 1; differences 0.5, 1, 0: delta 0.5
        assertThat(completed.metric()).isEqualTo("completed");
        assertThat(completed.samples()).isEqualTo(3);
        assertThat(completed.meanA()).isCloseTo(0.5, within(1e-12));
        assertThat(completed.meanB()).isEqualTo(1.0);
        assertThat(completed.delta()).isCloseTo(0.5, within(1e-12));
        assertThat(completed.lower()).isBetween(0.0, 0.5);
        assertThat(completed.upper()).isBetween(0.5, 1.0);
        // loops: A = 5, 10, 3; B = 3, 4, 3; differences -2, -6, 0: delta -8/3
        CampaignComparison.MetricDelta loops = c.deltas().get(1);
        assertThat(loops.metric()).isEqualTo("react.loops");
        assertThat(loops.delta()).isCloseTo(-8.0 / 3, within(1e-12));
        PairedBootstrap.Interval expected = PairedBootstrap.interval(new double[] {-2, -6, 0}, 5, 1000);
        assertThat(loops.lower()).isEqualTo(expected.lower());
        assertThat(loops.upper()).isEqualTo(expected.upper());
        assertThat(CampaignComparison.of("a", a, "b", b, 5, 1000)).as("seeded: reproducible").isEqualTo(c);
        assertThat(ComparisonRenderer.markdown(c)).contains("| m · b · react | completed | 3 | 0.500 | 1.000 | +0.500 |");
    }

    @Test
    void twoCellsOfOneCampaignArePairedOnTheirSharedSamples() {
        List<SampleRow> rows = List.of(
                cellRow("m", "s1", 1), cellRow("m", "s2", 0), cellRow("m", "s3", 1),
                cellRow("m2", "s1", 1), cellRow("m2", "s2", 1), cellRow("m2", "s4", 0), // s3 only in m, s4 only in m2
                new SampleRow("c/other/b/direct", "other", "b", "direct", "none", "s1", 0, "scored", Map.of("completed", 0.0), null));
        CampaignComparison c = CampaignComparison.ofCells(rows, "c/m/b/direct", "c/m2/b/direct", 3, 500);

        assertThat(c.subject()).isEqualTo(CampaignComparison.CELLS);
        assertThat(c.cells()).containsExactly(new CampaignComparison.CellPairing("m · b · direct vs m2 · b · direct", 2, 1, 1));
        // pairs s1, s2: m = 1, 0; m2 = 1, 1; differences 0, 1: delta 0.5
        assertThat(c.deltas()).singleElement().satisfies(d -> {
            assertThat(d.meanA()).isEqualTo(0.5);
            assertThat(d.meanB()).isEqualTo(1.0);
            assertThat(d.delta()).isEqualTo(0.5);
            PairedBootstrap.Interval expected = PairedBootstrap.interval(new double[] {0, 1}, 3, 500);
            assertThat(d.lower()).isEqualTo(expected.lower());
            assertThat(d.upper()).isEqualTo(expected.upper());
        });
        assertThat(ComparisonRenderer.markdown(c)).startsWith("# Cell c/m2/b/direct vs c/m/b/direct");
        assertThat(ComparisonRenderer.json(c)).contains("\"compares\" : \"cells\"")
                .as("a pairing's fields in the documented order, the same in every run")
                .contains("\"cells\" : [ {\n    \"cell\" : \"m · b · direct vs m2 · b · direct\",\n    \"paired\" : 2,\n    \"only_a\" : 1,\n"
                        + "    \"only_b\" : 1\n  } ]");
        assertThat(CampaignComparison.resolveCell("c", List.of("c/m/b/direct", "c/m2/b/direct"), "m2/b/direct")).isEqualTo("c/m2/b/direct");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> CampaignComparison.ofCells(rows, "c/m/b/direct", "c/m/b/direct", 3, 500))
                .hasMessageContaining("give two different cells");
    }

    private static SampleRow cellRow(String model, String sample, double completed) {
        return new SampleRow("c/" + model + "/b/direct", model, "b", "direct", "none", sample, 0, "scored", Map.of("completed", completed), null);
    }
}
