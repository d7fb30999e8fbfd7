package dev.ibench.core.metrics;

import static dev.ibench.core.metrics.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.testing.GoldReplayTestExecutor;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompletionRateMetricTest {
    private final EvalSample sample = new EvalSample("1", "d", "q", null, "42", List.of(call("f", "a", 1), call("g")), null, null, null);
    private final CompletionRateMetric metric = new CompletionRateMetric(new GoldReplayTestExecutor());

    @Test
    void goldSequenceCompletes() {
        assertThat(metric.evaluate(sample, sample.output()).completed()).isTrue();
    }

    @Test
    void wrongAnswerOrFailedCallOrEmptyPredictionDoesNotComplete() {
        assertThat(metric.evaluate(sample, List.of(call("f", "a", 2), call("g"))).completed()).isFalse();
        CompletionRateMetric.Result failed = metric.evaluate(sample, List.of(call("fail_now")));
        assertThat(failed.completed()).isFalse();
        assertThat(failed.outcome().ok()).isFalse();
        assertThat(metric.evaluate(sample, List.of()).completed()).isFalse();
    }
}
