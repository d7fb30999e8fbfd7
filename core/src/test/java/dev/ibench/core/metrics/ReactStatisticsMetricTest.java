package dev.ibench.core.metrics;

import static dev.ibench.core.metrics.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReactStatisticsMetricTest {
    @Test
    void handComputedStatistics() {
        var completed = new ReactTrajectory("1", List.of(call("f"), call("f")), 3, 10, true);
        var oobAndStuck = new ReactTrajectory("2", List.of(call("f", "a", 1), call("f", "a", 1)), 10, 10, false);
        var unclassified = new ReactTrajectory("3", List.of(call("f", "a", 1), call("f", "a", 2)), 4, 10, false);
        var stuck = new ReactTrajectory("4", List.of(call("g"), call("f", "a", 1), call("f", "a", 1)), 5, 10, false);
        ReactStatistics s = ReactStatisticsMetric.summarize(List.of(completed, oobAndStuck, unclassified, stuck));
        assertThat(s).isEqualTo(new ReactStatistics(4, 0.25, 5.5, 0.25, 0.5, 0.25));
        assertThat(ReactStatisticsMetric.isStuck(completed)).isFalse();
    }

    @Test
    void aWrongFinalAnswerInTheLastLoopIsNotOutOfBudget() {
        // budget 5, the fifth loop is a final answer that is wrong: the budget did not run out
        var answeredWrongAtTheEnd = new ReactTrajectory("5", List.of(call("f", "a", 1)), 5, 5, false, true);
        var ranOut = new ReactTrajectory("6", List.of(call("f", "a", 1)), 5, 5, false, false);
        assertThat(ReactStatisticsMetric.isOutOfBudget(answeredWrongAtTheEnd)).isFalse();
        assertThat(ReactStatisticsMetric.isOutOfBudget(ranOut)).isTrue();
        ReactStatistics s = ReactStatisticsMetric.summarize(List.of(answeredWrongAtTheEnd, ranOut));
        assertThat(s.outOfBudget()).isEqualTo(0.5);
        assertThat(s.unclassified()).isEqualTo(0.5);
    }

    @Test
    void noTrajectories() {
        assertThat(ReactStatisticsMetric.summarize(List.of())).isEqualTo(new ReactStatistics(0, 0, 0, 0, 0, 0));
    }
}
