package dev.ibench.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TrialOutcomesTest {
    @Test
    void passStatisticsAndIdenticalOutputsOverThreeTrials() {
        TrialOutcomes t = new TrialOutcomes();
        // sample a: completes in trials 0 and 2 with different outputs; sample b: never, the same output every time
        t.add("a", true, true, "x");
        t.add("a", false, false, "y");
        t.add("a", true, false, "z");
        for (int i = 0; i < 3; i++) {
            t.add("b", false, false, "same");
        }
        Map<String, Double> m = t.metrics(3);
        // completion: a 2/3, b 0/3 -> pass@1 = (2/3 + 0) / 2; pass@3 = (1 + 0) / 2; pass^3 = 0
        assertThat(m.get("pass@1.completion")).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(m.get("pass@3.completion")).isEqualTo(0.5);
        assertThat(m.get("pass^3.completion")).isEqualTo(0.0);
        // full sequence: a 1/3 -> pass@1 = (1/3) / 2 = 1/6
        assertThat(m.get("pass@1.sequence_full")).isCloseTo(1 / 6.0, within(1e-12));
        assertThat(m.get(TrialOutcomes.IDENTICAL_SHARE)).isEqualTo(0.5);
        assertThat(t.metrics(1)).as("one trial has no statistics over trials").isEmpty();
    }

    @Test
    void notExecutableTrialsCountForNeitherSideOfCompletion() {
        TrialOutcomes t = new TrialOutcomes();
        t.add("a", null, true, "x");
        t.add("a", null, true, "x");
        Map<String, Double> m = t.metrics(2);
        assertThat(m).doesNotContainKey("pass@1.completion");
        assertThat(m.get("pass^2.sequence_full")).isEqualTo(1.0);
        assertThat(m.get(TrialOutcomes.IDENTICAL_SHARE)).isEqualTo(1.0);
    }
}
