package dev.ibench.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The soak's sampled metrics, each a series over the run (workers' figures summed over both workers, left out of a row
 * where a worker was down or being restarted) and its flatness limit per hour ({@link SoakSlopes}).
 */
final class SoakMetrics {
    /** A metric: its name, unit, the limit of its slope per hour, and how a row gives its value (NaN: not in this row). */
    record Metric(String name, String unit, double limitPerHour, ToDoubleFunction<SoakSampler.Row> value) {}

    static final List<Metric> JUDGED = List.of(
            new Metric("workers_live_heap_mb", "MB", 32, r -> workers(r, ProcessProbe.Look::liveHeapMb)),
            new Metric("workers_threads", "threads", 20, r -> workers(r, l -> l.threads())),
            new Metric("workers_open_fds", "descriptors", 40, r -> workers(r, l -> l.fds())),
            new Metric("workers_python_children", "processes", 4, r -> workers(r, l -> l.pythons())),
            new Metric("workers_llama_server_children", "processes", 0.5, r -> workers(r, l -> l.llamaServers())),
            new Metric("workers_other_children", "processes", 2, r -> workers(r, l -> l.otherChildren())),
            new Metric("temporal_threads", "threads", 20, r -> temporal(r, l -> l.threads())),
            new Metric("temporal_open_fds", "descriptors", 40, r -> temporal(r, l -> l.fds())),
            new Metric("temporal_rss_mb", "MB", 64, r -> temporal(r, ProcessProbe.Look::rssMb)),
            new Metric("temporal_go_heap_inuse_mb", "MB", 32, SoakSampler.Row::temporalGoHeapMb));

    /** Reported with its slope, not judged: the store grows with the results it keeps, by design. */
    static final Metric STORE = new Metric("store_mb", "MB", Double.NaN, r -> r.storeBytes() < 0 ? Double.NaN : r.storeBytes() / 1048576.0);

    static final String RULE = "each judged metric, over the samples after the warm-up: least-squares slope per hour <= its "
            + "limit_per_hour, and the median of the last fifth of the samples <= the median of the first fifth + limit_per_hour "
            + "(back to the baseline after the restarts, nothing ratcheting up); a falling metric is flat; a metric never "
            + "sampled (e.g. Temporal's Go heap when its /metrics does not serve it) is reported as not sampled and not judged; "
            + "workers' figures are the sum over both workers, rows where one was down left out";

    private SoakMetrics() {}

    /** Per judged metric its verdict ({@link SoakSlopes#judge}), and the store's slope. */
    static Map<String, Object> judge(List<SoakSampler.Row> rows, double warmupHours) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Metric m : JUDGED) {
            List<SoakSlopes.Sample> samples = samples(rows, m);
            if (samples.stream().allMatch(s -> Double.isNaN(s.value()))) {
                out.put(m.name(), Map.of("unit", m.unit(), "not_sampled", true));
                continue;
            }
            out.put(m.name(), SoakSlopes.judge(samples, warmupHours, m.limitPerHour(), m.unit()));
        }
        List<SoakSlopes.Sample> store = samples(rows, STORE).stream().filter(s -> !Double.isNaN(s.value())).toList();
        Map<String, Object> storeSlope = new LinkedHashMap<>();
        storeSlope.put("unit", "MB");
        storeSlope.put("slope_per_hour", Math.round(LeastSquares.slope(store, SoakSlopes.Sample::hours, SoakSlopes.Sample::value) * 100) / 100.0);
        storeSlope.put("judged", false);
        out.put(STORE.name(), storeSlope);
        return out;
    }

    /** Whether every judged metric that was sampled is flat. */
    static boolean allFlat(Map<String, Object> judged) {
        return judged.values().stream().map(v -> (Map<?, ?>) v)
                .allMatch(v -> Boolean.TRUE.equals(v.get("not_sampled")) || Boolean.FALSE.equals(v.get("judged")) || Boolean.TRUE.equals(v.get("flat")));
    }

    /** The rows as a table: column names, then one array per row. */
    static Map<String, Object> series(List<SoakSampler.Row> rows) {
        List<String> columns = new ArrayList<>(List.of("hours"));
        JUDGED.forEach(m -> columns.add(m.name()));
        columns.add(STORE.name());
        List<List<Object>> table = new ArrayList<>();
        for (SoakSampler.Row r : rows) {
            List<Object> row = new ArrayList<>();
            row.add(Math.round(r.hours() * 10000) / 10000.0);
            for (Metric m : JUDGED) {
                row.add(cell(m.value().applyAsDouble(r)));
            }
            row.add(cell(STORE.value().applyAsDouble(r)));
            table.add(row);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("columns", columns);
        out.put("rows", table);
        return out;
    }

    private static Object cell(double v) {
        return Double.isNaN(v) ? null : Math.round(v * 100) / 100.0;
    }

    private static List<SoakSlopes.Sample> samples(List<SoakSampler.Row> rows, Metric m) {
        return rows.stream().map(r -> new SoakSlopes.Sample(r.hours(), m.value().applyAsDouble(r))).toList();
    }

    /** The sum of {@code f} over the row's workers; NaN when one was not running or gone or its figure is unknown. */
    static double workers(SoakSampler.Row r, ToDoubleFunction<ProcessProbe.Look> f) {
        double sum = 0;
        for (ProcessProbe.Look l : r.workers()) {
            if (l == null || l.gone()) {
                return Double.NaN;
            }
            sum += f.applyAsDouble(l);
        }
        return sum;
    }

    private static double temporal(SoakSampler.Row r, ToDoubleFunction<ProcessProbe.Look> f) {
        return r.temporal() == null || r.temporal().gone() ? Double.NaN : f.applyAsDouble(r.temporal());
    }
}
