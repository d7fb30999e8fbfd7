package dev.ibench.core.metrics;

/** A precision, recall and F1 triple. */
public record PrecisionRecallF1(double precision, double recall, double f1) {
    public static PrecisionRecallF1 of(double precision, double recall) {
        return new PrecisionRecallF1(precision, recall, harmonicMean(precision, recall));
    }

    static double harmonicMean(double precision, double recall) {
        return precision + recall == 0 ? 0.0 : 2 * precision * recall / (precision + recall);
    }
}
