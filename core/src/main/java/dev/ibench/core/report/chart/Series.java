package dev.ibench.core.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * One named series of a chart: a value per category or x position (null where there is none) and, for charts that
 * draw them, an error half-width per value (null or 0 draws no error bar).
 */
public record Series(String name, List<Double> values, List<Double> errors) {

    public Series {
        values = new ArrayList<>(values);
        errors = errors == null ? null : new ArrayList<>(errors);
        if (errors != null && errors.size() != values.size()) {
            throw new IllegalArgumentException("series " + name + ": " + values.size() + " values but " + errors.size() + " errors");
        }
    }

    public Series(String name, List<Double> values) {
        this(name, values, null);
    }

    double error(int i) {
        Double e = errors == null ? null : errors.get(i);
        return e == null ? 0 : e;
    }
}
