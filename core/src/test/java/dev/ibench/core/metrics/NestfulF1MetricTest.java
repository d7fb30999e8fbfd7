package dev.ibench.core.metrics;

import static dev.ibench.core.metrics.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class NestfulF1MetricTest {
    @Test
    void macroF1OverGoldFunctionNameLabels() {
        var gold = List.of(List.of(call("f"), call("g")), List.of(call("g")));
        var pred = List.of(List.of(call("f")), List.of(call("g"), call("h")));
        // gold labels f, g (h never in gold: ignored). f: tp1 -> 1; g: tp1 fn1 -> 2/3; mean = 5/6
        assertThat(NestfulF1Metric.functionF1(gold, pred)).isCloseTo(5.0 / 6, within(1e-12));
    }

    @Test
    void macroF1OverParameterLabelsPerApiName() {
        var gold = List.of(List.of(call("f", "a", 1, "b", 2)));
        var pred = List.of(List.of(call("f", "a", 1, "b", 3)));
        // one row (f); gold labels 'a = 1' (F1 1), 'b = 2' (F1 0) -> 0.5
        assertThat(NestfulF1Metric.parameterF1(gold, pred)).isCloseTo(0.5, within(1e-12));
        // a predicted API absent from gold adds a row with empty gold labels: 'a = 1' still tp in row f
        var extra = List.of(List.of(call("f", "a", 1, "b", 2), call("x", "a", 1)));
        // rows: f -> gold {a=1,b=2} pred {a=1,b=2}; x -> gold {} pred {a=1}: label a=1 tp1 fp1 -> 2/3, b=2 -> 1
        assertThat(NestfulF1Metric.parameterF1(gold, extra)).isCloseTo((2.0 / 3 + 1) / 2, within(1e-12));
    }

    @Test
    void perfectAndEmptyPredictions() {
        var gold = List.of(List.of(call("f", "a", 1)));
        assertThat(NestfulF1Metric.functionF1(gold, gold)).isEqualTo(1.0);
        assertThat(NestfulF1Metric.parameterF1(gold, gold)).isEqualTo(1.0);
        assertThat(NestfulF1Metric.functionF1(gold, List.of(List.of()))).isZero();
    }
}
