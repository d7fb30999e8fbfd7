package dev.ibench.core.nestful;

import dev.ibench.core.metrics.NestfulF1Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * NESTful's metrics over a set of samples (seed 003 section 4.3, Table 1 and Figure 6): function and parameter F1
 * ({@link NestfulF1Metric}), partial and full sequence accuracy (means over all samples), win rate (wins over the
 * samples that could be executed; a sample whose gold sequence does not reproduce its gold answer here is left out
 * and counted in {@code winUnavailable}), and win rate by nesting depth and by pattern.
 */
public record NestfulSummary(
        double functionF1,
        double parameterF1,
        double partialSequence,
        double fullSequence,
        Double winRate,
        int winUnavailable,
        Map<Integer, Group> byDepth,
        Map<String, Group> byPattern) {

    /** Samples of one depth or pattern and their win rate (null when none could be executed). */
    public record Group(int samples, Double winRate) {}

    /** One scored sample as the summary sees it: facts, sequence scores and the win (null: not executable here). */
    public record Row(NestfulSampleFacts facts, double partial, boolean full, Boolean won) {}

    public static NestfulSummary of(List<Row> rows) {
        List<List<dev.ibench.core.sample.ToolCall>> gold = new ArrayList<>();
        List<List<dev.ibench.core.sample.ToolCall>> predicted = new ArrayList<>();
        rows.forEach(r -> {
            gold.add(r.facts().gold());
            predicted.add(r.facts().predicted());
        });
        int n = rows.size();
        double partial = n == 0 ? 0 : rows.stream().mapToDouble(Row::partial).sum() / n;
        double full = n == 0 ? 0 : rows.stream().filter(Row::full).count() / (double) n;
        Map<Integer, List<Row>> depth = new TreeMap<>();
        Map<String, List<Row>> pattern = new TreeMap<>();
        rows.forEach(r -> {
            depth.computeIfAbsent(r.facts().structure().depth(), k -> new ArrayList<>()).add(r);
            pattern.computeIfAbsent(r.facts().structure().pattern(), k -> new ArrayList<>()).add(r);
        });
        int unavailable = (int) rows.stream().filter(r -> r.won() == null).count();
        return new NestfulSummary(NestfulF1Metric.functionF1(gold, predicted), NestfulF1Metric.parameterF1(gold, predicted),
                partial, full, winRate(rows), unavailable, groups(depth), groups(pattern));
    }

    private static <K> Map<K, Group> groups(Map<K, List<Row>> byKey) {
        Map<K, Group> out = new LinkedHashMap<>();
        byKey.forEach((k, rows) -> out.put(k, new Group(rows.size(), winRate(rows))));
        return out;
    }

    private static Double winRate(List<Row> rows) {
        List<Row> executed = rows.stream().filter(r -> r.won() != null).toList();
        return executed.isEmpty() ? null : executed.stream().filter(Row::won).count() / (double) executed.size();
    }
}
