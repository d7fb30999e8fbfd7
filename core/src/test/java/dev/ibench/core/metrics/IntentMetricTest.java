package dev.ibench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class IntentMetricTest {
    private static Counts c(List<String> gold, List<String> pred, IntentMode mode) {
        return IntentMetric.count(gold, pred, mode);
    }

    @Test
    void reorderedCallsFullyCreditedAsSetAndCounterButOnlyPrefixAsList() {
        List<String> gold = List.of("a", "b", "c");
        List<String> pred = List.of("a", "c", "b");
        assertThat(c(gold, pred, IntentMode.SET)).isEqualTo(new Counts(3, 0, 0));
        assertThat(c(gold, pred, IntentMode.COUNTER)).isEqualTo(new Counts(3, 0, 0));
        Counts list = c(gold, pred, IntentMode.LIST);
        assertThat(list).isEqualTo(new Counts(1, 2, 2));
        assertThat(list.precision()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(list.recall()).isCloseTo(1.0 / 3, within(1e-12));
    }

    @Test
    void repeatedFunctionsCountInstancesInCounterMode() {
        List<String> gold = List.of("f", "f", "g");
        List<String> pred = List.of("f", "g");
        assertThat(c(gold, pred, IntentMode.SET)).isEqualTo(new Counts(2, 0, 0));
        Counts counter = c(gold, pred, IntentMode.COUNTER);
        assertThat(counter).isEqualTo(new Counts(2, 0, 1));
        assertThat(counter.f1()).isCloseTo(0.8, within(1e-12));
        Counts list = c(gold, pred, IntentMode.LIST);
        assertThat(list).isEqualTo(new Counts(1, 1, 2));
        assertThat(list.f1()).isCloseTo(0.4, within(1e-12));
    }

    @Test
    void extraCallsAreFalsePositives() {
        List<String> gold = List.of("a");
        List<String> pred = List.of("a", "a", "b");
        assertThat(c(gold, pred, IntentMode.SET)).isEqualTo(new Counts(1, 1, 0));
        Counts counter = c(gold, pred, IntentMode.COUNTER);
        assertThat(counter).isEqualTo(new Counts(1, 2, 0));
        assertThat(counter.f1()).isCloseTo(0.5, within(1e-12));
        assertThat(c(gold, pred, IntentMode.LIST)).isEqualTo(new Counts(1, 2, 0));
    }

    @Test
    void emptyPredictionScoresZero() {
        for (IntentMode mode : IntentMode.values()) {
            Counts counts = c(List.of("a", "b"), List.of(), mode);
            assertThat(counts).isEqualTo(new Counts(0, 0, 2));
            assertThat(counts.scores()).isEqualTo(new PrecisionRecallF1(0, 0, 0));
        }
    }

    @Test
    void emptyGoldWithPredictionIsAllFalsePositive_bothEmptyIsOneTruePositive() {
        assertThat(c(List.of(), List.of("a"), IntentMode.LIST)).isEqualTo(new Counts(0, 1, 0));
        for (IntentMode mode : IntentMode.values()) {
            assertThat(c(List.of(), List.of(), mode)).isEqualTo(new Counts(1, 0, 0));
        }
    }

    @Test
    void microScoresPoolCountsOverSamples() {
        Counts pooled = c(List.of("a"), List.of("a"), IntentMode.LIST)
                .plus(c(List.of("x", "y"), List.of("y", "x"), IntentMode.LIST));
        assertThat(pooled).isEqualTo(new Counts(1, 2, 2));
        assertThat(pooled.precision()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(pooled.recall()).isCloseTo(1.0 / 3, within(1e-12));
    }
}
