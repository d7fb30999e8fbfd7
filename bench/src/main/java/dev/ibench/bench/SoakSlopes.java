package dev.ibench.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The soak bench's flatness rule for one sampled metric (e.g. the workers' live heap in MB): over the samples taken after
 * the warm-up, (1) the least-squares slope per hour is at most {@code limitPerHour}, and (2) the median of the last fifth
 * of those samples is at most the median of their first fifth plus {@code limitPerHour} x 1 h (what was there after the
 * warm-up is what is there at the end, give or take one hour's allowance: the figures come back to their baseline after
 * the restarts instead of ratcheting up). A falling metric is flat. Fewer than 5 samples after the warm-up: not judged
 * (flat false), since a slope over so few says nothing.
 */
final class SoakSlopes {
    /** One sample: hours since the soak started and the metric's value then. */
    record Sample(double hours, double value) {}

    private SoakSlopes() {}

    static Map<String, Object> judge(List<Sample> samples, double warmupHours, double limitPerHour, String unit) {
        List<Sample> used = new ArrayList<>();
        for (Sample s : samples) {
            if (s.hours() >= warmupHours && !Double.isNaN(s.value())) {
                used.add(s);
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("unit", unit);
        out.put("samples_after_warmup", used.size());
        out.put("limit_per_hour", limitPerHour);
        if (used.size() < 5) {
            out.put("flat", false);
            out.put("why", "fewer than 5 samples after the warm-up");
            return out;
        }
        double slope = LeastSquares.slope(used, Sample::hours, Sample::value);
        int fifth = Math.max(1, used.size() / 5);
        double first = median(used.subList(0, fifth));
        double last = median(used.subList(used.size() - fifth, used.size()));
        out.put("slope_per_hour", round(slope));
        out.put("first_fifth_median", round(first));
        out.put("last_fifth_median", round(last));
        out.put("min", round(used.stream().mapToDouble(Sample::value).min().orElse(0)));
        out.put("max", round(used.stream().mapToDouble(Sample::value).max().orElse(0)));
        boolean slopeOk = slope <= limitPerHour;
        boolean backToBaseline = last <= first + limitPerHour;
        out.put("slope_within_limit", slopeOk);
        out.put("last_fifth_within_first_fifth_plus_limit", backToBaseline);
        out.put("flat", slopeOk && backToBaseline);
        return out;
    }

    static double median(List<Sample> samples) {
        double[] v = samples.stream().mapToDouble(Sample::value).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
