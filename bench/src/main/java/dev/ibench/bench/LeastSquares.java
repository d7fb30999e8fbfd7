package dev.ibench.bench;

import java.util.List;
import java.util.function.ToDoubleFunction;

/** The least-squares slope of a bench's samples, e.g. heap MB over seconds. */
final class LeastSquares {
    private LeastSquares() {}

    /** The slope of {@code y} over {@code x} (0 when x does not vary or there are no points). */
    static <T> double slope(List<T> points, ToDoubleFunction<T> x, ToDoubleFunction<T> y) {
        if (points.isEmpty()) {
            return 0;
        }
        double mx = 0, my = 0;
        for (T p : points) {
            mx += x.applyAsDouble(p);
            my += y.applyAsDouble(p);
        }
        mx /= points.size();
        my /= points.size();
        double sxy = 0, sxx = 0;
        for (T p : points) {
            double dx = x.applyAsDouble(p) - mx;
            sxy += dx * (y.applyAsDouble(p) - my);
            sxx += dx * dx;
        }
        return sxx == 0 ? 0 : sxy / sxx;
    }
}
