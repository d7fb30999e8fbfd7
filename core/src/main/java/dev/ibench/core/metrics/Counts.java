package dev.ibench.core.metrics;

/**
 * Confusion counts (true positives, false positives, false negatives) and the precision, recall and F1 they give.
 * Undefined ratios (0/0) are reported as 0.0; see docs/metrics.md.
 */
public record Counts(int truePositives, int falsePositives, int falseNegatives) {
    public static final Counts ZERO = new Counts(0, 0, 0);

    public Counts plus(Counts other) {
        return new Counts(truePositives + other.truePositives, falsePositives + other.falsePositives,
                falseNegatives + other.falseNegatives);
    }

    public double precision() {
        int denominator = truePositives + falsePositives;
        return denominator == 0 ? 0.0 : (double) truePositives / denominator;
    }

    public double recall() {
        int denominator = truePositives + falseNegatives;
        return denominator == 0 ? 0.0 : (double) truePositives / denominator;
    }

    public double f1() {
        return PrecisionRecallF1.harmonicMean(precision(), recall());
    }

    public PrecisionRecallF1 scores() {
        return new PrecisionRecallF1(precision(), recall(), f1());
    }
}
