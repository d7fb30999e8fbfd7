package dev.ibench.core.report.compare;

import java.util.Arrays;
import java.util.Random;

/**
 * The paired bootstrap percentile interval of a mean difference. Each of {@code resamples} rounds draws {@code n}
 * indices with replacement ({@code new Random(seed).nextInt(n)}, in order, round after round) and takes the mean of
 * the paired differences at those indices; the interval is the nearest-rank 2.5th and 97.5th percentiles of the
 * sorted round means (ranks ceil(0.025 B) and ceil(0.975 B)). The same seed, differences and rounds give the same interval.
 */
public final class PairedBootstrap {
    public static final int DEFAULT_RESAMPLES = 2000;

    private PairedBootstrap() {}

    public record Interval(double lower, double upper) {}

    public static Interval interval(double[] differences, long seed, int resamples) {
        if (resamples < 1) {
            throw new IllegalArgumentException("resamples must be at least 1, got " + resamples);
        }
        int n = differences.length;
        if (n == 0) {
            return new Interval(Double.NaN, Double.NaN);
        }
        Random random = new Random(seed);
        double[] means = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += differences[random.nextInt(n)];
            }
            means[b] = sum / n;
        }
        Arrays.sort(means);
        return new Interval(means[rank(resamples, 25) - 1], means[rank(resamples, 975) - 1]);
    }

    /** ceil(resamples * perMille / 1000) in integers, at least 1. */
    private static int rank(int resamples, int perMille) {
        return Math.max(1, (int) ((resamples * (long) perMille + 999) / 1000));
    }
}
