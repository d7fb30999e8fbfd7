package dev.ibench.core.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PairedBootstrapTest {

    @Test
    void sameSeedSameIntervalAndTheDocumentedDrawsReproduceIt() {
        double[] diffs = {0.5, -0.25, 1, 0, 0, 0.75, -1, 0.25, 0.5, 0};
        PairedBootstrap.Interval first = PairedBootstrap.interval(diffs, 42, 500);
        assertThat(PairedBootstrap.interval(diffs, 42, 500)).isEqualTo(first);
        assertThat(PairedBootstrap.interval(diffs, 43, 500)).as("another seed draws other resamples").isNotEqualTo(first);

        // the procedure as docs/reports.md states it, written out here on its own
        Random random = new Random(42);
        double[] means = new double[500];
        for (int b = 0; b < 500; b++) {
            double sum = 0;
            for (int i = 0; i < diffs.length; i++) {
                sum += diffs[random.nextInt(diffs.length)];
            }
            means[b] = sum / diffs.length;
        }
        Arrays.sort(means);
        // nearest rank: ceil(0.025 * 500) = 13th, ceil(0.975 * 500) = 488th smallest
        assertThat(first.lower()).isEqualTo(means[12]);
        assertThat(first.upper()).isEqualTo(means[487]);
    }

    @Test
    void twoPairsGiveTheirOwnDifferencesAsBounds() {
        // resample means of {0, 1} are 0, 0.5, 1 with probability 1/4, 1/2, 1/4: both tails hold far more than 2.5%
        PairedBootstrap.Interval ci = PairedBootstrap.interval(new double[] {0, 1}, 7, 2000);
        assertThat(ci.lower()).isEqualTo(0.0);
        assertThat(ci.upper()).isEqualTo(1.0);
        PairedBootstrap.Interval same = PairedBootstrap.interval(new double[] {0.25, 0.25, 0.25}, 7, 2000);
        assertThat(same.lower()).isEqualTo(0.25);
        assertThat(same.upper()).isEqualTo(0.25);
    }

    @Test
    void manyPairsAgreeWithTheNormalApproximation() {
        // 400 differences: 0 or 1 with p = 0.3; the interval is about mean ± 1.96 * sd / sqrt(n)
        double[] diffs = new double[400];
        for (int i = 0; i < diffs.length; i++) {
            diffs[i] = i % 10 < 3 ? 1 : 0;
        }
        double half = 1.96 * Math.sqrt(0.3 * 0.7 / 400); // 0.0449
        PairedBootstrap.Interval ci = PairedBootstrap.interval(diffs, 1, 4000);
        assertThat(ci.lower()).isCloseTo(0.3 - half, within(0.01));
        assertThat(ci.upper()).isCloseTo(0.3 + half, within(0.01));
    }

    @Test
    void noResamplesIsRejected() {
        assertThatThrownBy(() -> PairedBootstrap.interval(new double[] {1}, 0, 0)).hasMessageContaining("resamples");
    }
}
