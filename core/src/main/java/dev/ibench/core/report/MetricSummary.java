package dev.ibench.core.report;

import java.util.List;

/** One metric over a cell's trials: the mean, the sample standard deviation (0 for one trial) and the trial values. */
public record MetricSummary(double mean, double spread, List<Double> trials) {

    public static MetricSummary of(List<Double> values) {
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double spread = 0;
        if (values.size() > 1) {
            double squares = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
            spread = Math.sqrt(squares / (values.size() - 1));
        }
        return new MetricSummary(mean, spread, List.copyOf(values));
    }
}
