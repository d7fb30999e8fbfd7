package dev.ibench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PassAtKTest {
    @Test
    void estimatorsMatchTheCombinatorialDefinitionsByHand() {
        // n = 3 trials, c = 1 success: pass@1 = 1/3; pass@2 = 1 - C(2,2)/C(3,2) = 1 - 1/3; pass@3 = 1
        assertThat(PassAtK.passAt(3, 1, 1)).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(PassAtK.passAt(3, 1, 2)).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(PassAtK.passAt(3, 1, 3)).isEqualTo(1.0);
        // pass^k = C(c,k)/C(n,k): c = 2 of 3: pass^1 = 2/3, pass^2 = 1/3, pass^3 = 0
        assertThat(PassAtK.passHat(3, 2, 1)).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(PassAtK.passHat(3, 2, 2)).isCloseTo(1 / 3.0, within(1e-12));
        assertThat(PassAtK.passHat(3, 2, 3)).isEqualTo(0.0);
        assertThat(PassAtK.passAt(3, 0, 3)).isEqualTo(0.0);
        assertThat(PassAtK.passHat(3, 3, 3)).isEqualTo(1.0);
    }

    @Test
    void aTableAveragesOverSamplesWithEnoughTrials() {
        // samples: 3/3, 1/3, 0/3, and one with only 2 trials (1 success) that counts for k <= 2 only
        List<PassAtK.Trials> samples = List.of(new PassAtK.Trials(3, 3), new PassAtK.Trials(3, 1), new PassAtK.Trials(3, 0),
                new PassAtK.Trials(2, 1));
        Map<String, Double> t = PassAtK.table("completion", samples, 3);
        // pass@1 = (1 + 1/3 + 0 + 1/2) / 4 = 11/24; pass@3 over 3 samples = (1 + 1 + 0) / 3; pass^3 = (1 + 0 + 0) / 3
        assertThat(t.get("pass@1.completion")).isCloseTo(11 / 24.0, within(1e-12));
        assertThat(t.get("pass@3.completion")).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(t.get("pass^3.completion")).isCloseTo(1 / 3.0, within(1e-12));
        // pass^2 = (1 + C(1,2)/C(3,2)=0 + 0 + C(1,2)/C(2,2)=0) / 4
        assertThat(t.get("pass^2.completion")).isCloseTo(0.25, within(1e-12));
        assertThat(t).containsOnlyKeys("pass@1.completion", "pass^1.completion", "pass@2.completion", "pass^2.completion",
                "pass@3.completion", "pass^3.completion");
    }
}
