package dev.ibench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class LcsMetricTest {
    @Test
    void precisionAndRecallFromLongestCommonSubsequence() {
        LcsMetric.Score s = LcsMetric.score(List.of("a", "b", "c", "d"), List.of("a", "c", "x"));
        assertThat(s.lcsLength()).isEqualTo(2);
        assertThat(s.precision()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(s.recall()).isEqualTo(0.5);
    }

    @Test
    void reorderedAndRepeatedCalls() {
        assertThat(LcsMetric.score(List.of("a", "b"), List.of("b", "a"))).isEqualTo(new LcsMetric.Score(1, 0.5, 0.5));
        assertThat(LcsMetric.score(List.of("f", "f", "g"), List.of("f", "g", "g"))).isEqualTo(new LcsMetric.Score(2, 2.0 / 3, 2.0 / 3));
    }

    @Test
    void emptySequences() {
        assertThat(LcsMetric.score(List.of("a"), List.of())).isEqualTo(new LcsMetric.Score(0, 0, 0));
        assertThat(LcsMetric.score(List.of(), List.of("a"))).isEqualTo(new LcsMetric.Score(0, 0, 0));
        assertThat(LcsMetric.score(List.of(), List.of())).isEqualTo(new LcsMetric.Score(0, 1, 1));
    }

    @Test
    void f1IsTheHarmonicMeanOfAveragedPrecisionAndRecall() {
        PrecisionRecallF1 agg = LcsMetric.aggregate(List.of(new LcsMetric.Score(2, 2.0 / 3, 0.5), new LcsMetric.Score(3, 1, 1)));
        assertThat(agg.precision()).isCloseTo(5.0 / 6, within(1e-12));
        assertThat(agg.recall()).isCloseTo(0.75, within(1e-12));
        assertThat(agg.f1()).isCloseTo(15.0 / 19, within(1e-12));
    }
}
