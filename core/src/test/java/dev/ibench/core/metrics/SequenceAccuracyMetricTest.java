package dev.ibench.core.metrics;

import static dev.ibench.core.metrics.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SequenceAccuracyMetricTest {
    private final List<dev.ibench.core.sample.ToolCall> gold = List.of(call("f", "a", 1), call("g", "b", 2));

    @Test
    void oneWrongArgumentValue() {
        assertThat(SequenceAccuracyMetric.score(gold, List.of(call("f", "a", 1), call("g", "b", 3))))
                .isEqualTo(new SequenceAccuracyMetric.Score(1, 0.5, false));
    }

    @Test
    void extraCallCostsPartialAndFull() {
        SequenceAccuracyMetric.Score s = SequenceAccuracyMetric.score(gold, List.of(call("f", "a", 1), call("g", "b", 2), call("h")));
        assertThat(s.partial()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(s.full()).isFalse();
    }

    @Test
    void missingCallIsAlignedByNameBeforeComparing() {
        // gold [f, g], predicted [g]: f is paired with a gap, g with g -> 1 of 2
        assertThat(SequenceAccuracyMetric.score(gold, List.of(call("g", "b", 2)))).isEqualTo(new SequenceAccuracyMetric.Score(1, 0.5, false));
        // predicted [x, f, g]: names differ at the start, so the greedy alignment gaps every gold call -> 0 of 5
        assertThat(SequenceAccuracyMetric.score(gold, List.of(call("x"), call("f", "a", 1), call("g", "b", 2))))
                .isEqualTo(new SequenceAccuracyMetric.Score(0, 0.0, false));
    }

    @Test
    void reorderedCallsDoNotMatchByPosition() {
        assertThat(SequenceAccuracyMetric.score(gold, List.of(call("g", "b", 2), call("f", "a", 1))).partial()).isZero();
    }

    @Test
    void argumentOrderDoesNotMatterAndExactMatchIsFull() {
        var g = List.of(call("f", "a", 1, "b", 2));
        assertThat(SequenceAccuracyMetric.score(g, List.of(call("f", "b", 2, "a", 1)))).isEqualTo(new SequenceAccuracyMetric.Score(1, 1.0, true));
    }

    @Test
    void emptySequences() {
        assertThat(SequenceAccuracyMetric.score(gold, List.of())).isEqualTo(new SequenceAccuracyMetric.Score(0, 0.0, false));
        assertThat(SequenceAccuracyMetric.score(List.of(), List.of())).isEqualTo(new SequenceAccuracyMetric.Score(0, 1.0, true));
        assertThat(SequenceAccuracyMetric.score(List.of(), List.of(call("f")))).isEqualTo(new SequenceAccuracyMetric.Score(0, 0.0, false));
    }
}
