package dev.ibench.core.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The unbiased estimators over repeated trials (Chen et al. 2021 for pass@k, tau-bench for pass^k): for a sample with
 * {@code n} trials of which {@code c} succeeded, pass@k = 1 - C(n-c, k) / C(n, k) (at least one of k trials drawn
 * without replacement succeeds) and pass^k = C(c, k) / C(n, k) (all k succeed); a set's value is the mean over its
 * samples that have at least k trials.
 */
public final class PassAtK {
    private PassAtK() {}

    /** One sample's trials: how many ran and how many succeeded. */
    public record Trials(int n, int successes) {}

    public static double passAt(int n, int c, int k) {
        return 1 - ratio(n - c, n, k);
    }

    public static double passHat(int n, int c, int k) {
        return ratio(c, n, k);
    }

    /** C(a, k) / C(n, k), 0 when a < k. */
    private static double ratio(int a, int n, int k) {
        if (k < 1 || k > n) {
            throw new IllegalArgumentException("k must be between 1 and n=" + n + ", got " + k);
        }
        if (a < k) {
            return 0;
        }
        double r = 1;
        for (int i = 0; i < k; i++) {
            r *= (double) (a - i) / (n - i);
        }
        return r;
    }

    /**
     * {@link #table} kept as running means while samples come one at a time: no sample is held (each mean is a
     * {@code DoubleSummaryStatistics}' compensated sum, as {@code DoubleStream.average} computes it).
     */
    public static final class Tally {
        private final List<java.util.DoubleSummaryStatistics> at = new java.util.ArrayList<>();
        private final List<java.util.DoubleSummaryStatistics> hat = new java.util.ArrayList<>();

        public void add(Trials t) {
            for (int k = 1; k <= t.n(); k++) {
                if (at.size() < k) {
                    at.add(new java.util.DoubleSummaryStatistics());
                    hat.add(new java.util.DoubleSummaryStatistics());
                }
                at.get(k - 1).accept(passAt(t.n(), t.successes(), k));
                hat.get(k - 1).accept(passHat(t.n(), t.successes(), k));
            }
        }

        /** {@link #table} of the samples added. */
        public Map<String, Double> table(String name, int maxK) {
            Map<String, Double> out = new LinkedHashMap<>();
            for (int k = 1; k <= maxK && k <= at.size(); k++) {
                out.put("pass@" + k + "." + name, at.get(k - 1).getAverage());
                out.put("pass^" + k + "." + name, hat.get(k - 1).getAverage());
            }
            return out;
        }
    }

    /**
     * {@code pass@k.<name>} and {@code pass^k.<name>} for k = 1..maxK, each over the samples with at least k trials;
     * a k no sample reaches is left out.
     */
    public static Map<String, Double> table(String name, List<Trials> samples, int maxK) {
        Tally tally = new Tally();
        samples.forEach(tally::add);
        return tally.table(name, maxK);
    }
}
