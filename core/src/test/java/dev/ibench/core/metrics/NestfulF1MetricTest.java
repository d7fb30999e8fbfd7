package dev.ibench.core.metrics;

import static dev.ibench.core.metrics.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class NestfulF1MetricTest {
    @Test
    void macroF1OverFunctionNameLabels() {
        var gold = List.of(List.of(call("f"), call("g")), List.of(call("g")));
        var pred = List.of(List.of(call("f")), List.of(call("g"), call("h")));
        // f: tp1 -> 1; g: tp1 fn1 -> 2/3; h: fp1 -> 0; mean over 3 labels = 5/9
        assertThat(NestfulF1Metric.functionF1(gold, pred)).isCloseTo(5.0 / 9, within(1e-12));
    }

    @Test
    void macroF1OverParameterLabels() {
        var gold = List.of(List.of(call("f", "a", 1, "b", 2)));
        var pred = List.of(List.of(call("f", "a", 1, "b", 3)));
        // labels 'a = 1' (1.0), 'b = 2' (0), 'b = 3' (0) -> 1/3
        assertThat(NestfulF1Metric.parameterF1(gold, pred)).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void perfectAndEmptyPredictions() {
        var gold = List.of(List.of(call("f", "a", 1)));
        assertThat(NestfulF1Metric.functionF1(gold, gold)).isEqualTo(1.0);
        assertThat(NestfulF1Metric.parameterF1(gold, gold)).isEqualTo(1.0);
        assertThat(NestfulF1Metric.functionF1(gold, List.of(List.of()))).isZero();
    }
}
