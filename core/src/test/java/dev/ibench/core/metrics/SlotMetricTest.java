package dev.ibench.core.metrics;

import static dev.ibench.core.metrics.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SlotMetricTest {
    @Test
    void onlyGoldCallsWhoseNameWasPredictedAreCompared() {
        SlotMetric.Result r = SlotMetric.compare(
                List.of(call("f", "a", 1, "b", "x"), call("g", "c", 2)),
                List.of(call("f", "a", 1, "b", "y"), call("h", "d", 1)));
        assertThat(r.counts()).isEqualTo(new Counts(1, 1, 1));
        assertThat(r.counts().f1()).isEqualTo(0.5);
        assertThat(r.lostPoints()).containsExactly(
                "slot: gold call 0 (f) slot 'b = x' not predicted",
                "slot: predicted f slot 'b = y' not in gold call 0");
    }

    @Test
    void repeatedFunctionsArePairedByOccurrence() {
        SlotMetric.Result r = SlotMetric.compare(List.of(call("f", "a", 1), call("f", "a", 2)), List.of(call("f", "a", 1), call("f", "a", 2)));
        assertThat(r.counts()).isEqualTo(new Counts(2, 0, 0));
        // second gold f has no predicted counterpart: not penalised; first gold f(a=1) vs first predicted f(a=3)
        SlotMetric.Result fewer = SlotMetric.compare(List.of(call("f", "a", 1), call("f", "a", 2)), List.of(call("f", "a", 3)));
        assertThat(fewer.counts()).isEqualTo(new Counts(0, 1, 1));
        // extra predicted f is not compared (the intent metrics count it)
        SlotMetric.Result extra = SlotMetric.compare(List.of(call("f", "a", 1)), List.of(call("f", "a", 1), call("f", "a", 9)));
        assertThat(extra.counts()).isEqualTo(new Counts(1, 0, 0));
    }

    @Test
    void lastByNamePairingReproducesTheSeedAuthorsScorer() {
        SlotMetric.Result r = SlotMetric.compare(List.of(call("f", "a", 1), call("f", "a", 2)), List.of(call("f", "a", 1), call("f", "a", 2)),
                SlotPairing.LAST_BY_NAME);
        // gold f(a=1) vs last predicted f(a=2): 0 tp, 1 fp, 1 fn; gold f(a=2) vs f(a=2): 1 tp
        assertThat(r.counts()).isEqualTo(new Counts(1, 1, 1));
        SlotMetric.Result fewer = SlotMetric.compare(List.of(call("f", "a", 1), call("f", "a", 2)), List.of(call("f", "a", 2)), SlotPairing.LAST_BY_NAME);
        assertThat(fewer.counts()).isEqualTo(new Counts(1, 1, 1));
    }

    @Test
    void callsWithoutArgumentsOnBothSidesCountOneTruePositive() {
        assertThat(SlotMetric.compare(List.of(call("f")), List.of(call("f"))).counts()).isEqualTo(new Counts(1, 0, 0));
    }

    @Test
    void valuesCompareAsPythonStrings() {
        assertThat(SlotMetric.compare(List.of(call("f", "a", 5)), List.of(call("f", "a", 5.0))).counts()).isEqualTo(new Counts(0, 1, 1));
        assertThat(SlotMetric.compare(List.of(call("f", "a", 5)), List.of(call("f", "a", "5"))).counts()).isEqualTo(new Counts(1, 0, 0));
        assertThat(SlotMetric.compare(List.of(call("f", "a", List.of("x", 1))), List.of(call("f", "a", List.of("x", 1)))).counts())
                .isEqualTo(new Counts(1, 0, 0));
        assertThat(PythonValueText.slot("a", List.of("x", 1, true))).isEqualTo("a = ['x', 1, True]");
        assertThat(PythonValueText.slot("a", 2.0)).isEqualTo("a = 2.0");
        assertThat(PythonValueText.slot("a", null)).isEqualTo("a = None");
    }

    @Test
    void emptyPredictionOrEmptyGoldContributesNothing() {
        assertThat(SlotMetric.compare(List.of(call("f", "a", 1)), List.of()).counts()).isEqualTo(Counts.ZERO);
        assertThat(SlotMetric.compare(List.of(), List.of(call("f", "a", 1))).counts()).isEqualTo(Counts.ZERO);
    }
}
