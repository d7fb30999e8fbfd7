package dev.ibench.bench;

import java.util.Locale;
import java.util.Random;

/**
 * How long the bench's fake endpoint takes to answer: a fixed number of milliseconds ({@code 500}), or a lognormal
 * distribution given by its median and 99th percentile ({@code lognormal:2000:40000}), the heavy tail of reasoning
 * models. For the lognormal, sigma = ln(p99 / median) / z(0.99) with z(0.99) = 2.3263, and the mean is
 * median x exp(sigma^2 / 2) (e.g. median 2 s, p99 40 s: sigma 1.288, mean 4.58 s).
 */
record LatencyDistribution(double medianMillis, double p99Millis) {
    private static final double Z99 = 2.3263478740408408;
    private static final Random RANDOM = new Random(20261126L);

    /** {@code MS} or {@code lognormal:MEDIAN_MS:P99_MS}; a clear error naming the value otherwise. */
    static LatencyDistribution parse(String value) {
        String v = value.strip();
        try {
            if (v.startsWith("lognormal:")) {
                String[] parts = v.split(":");
                if (parts.length != 3) {
                    throw new IllegalArgumentException("latency '" + value + "': expected lognormal:MEDIAN_MS:P99_MS");
                }
                double median = Double.parseDouble(parts[1]);
                double p99 = Double.parseDouble(parts[2]);
                if (median <= 0 || p99 < median) {
                    throw new IllegalArgumentException("latency '" + value + "': needs 0 < MEDIAN_MS <= P99_MS");
                }
                return new LatencyDistribution(median, p99);
            }
            long fixed = Long.parseLong(v);
            if (fixed < 0) {
                throw new IllegalArgumentException("latency '" + value + "': milliseconds must be >= 0");
            }
            return new LatencyDistribution(fixed, fixed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("latency '" + value + "': expected milliseconds (e.g. 500) or lognormal:MEDIAN_MS:P99_MS");
        }
    }

    boolean fixed() {
        return p99Millis == medianMillis;
    }

    double sigma() {
        return fixed() ? 0 : Math.log(p99Millis / medianMillis) / Z99;
    }

    /** The mean latency: what Little's law divides the window by. */
    double meanMillis() {
        return medianMillis * Math.exp(sigma() * sigma() / 2);
    }

    /** One request's latency in milliseconds. */
    long nextMillis() {
        if (fixed()) {
            return Math.round(medianMillis);
        }
        return Math.round(medianMillis * Math.exp(sigma() * RANDOM.nextGaussian()));
    }

    String describe() {
        return fixed() ? Math.round(medianMillis) + " ms per request"
                : String.format(Locale.ROOT, "lognormal latency, median %.0f ms, p99 %.0f ms (mean %.0f ms)", medianMillis, p99Millis, meanMillis());
    }
}
