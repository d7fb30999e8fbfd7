package dev.ibench.core.report;

import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.PrecisionRecallF1;
import dev.ibench.core.parse.ParseStatus;
import dev.ibench.core.score.ScoreReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The flat metric keys a report shows per cell, read off a trial's {@link ScoreReport}. */
public final class ReportMetrics {
    /** The columns of the summary table, in order. */
    public static final List<String> HEADLINE = List.of(
            "intent.list.f1", "intent.set.f1", "slot.f1", "completion_rate", "lcs.f1", "sequence.full");

    /** A BFCL multi-turn cell's per-turn accuracy (turns correct / turns checked): a summary column when a cell has it. */
    public static final String TURN_ACCURACY = "bfcl.multi_turn.turn_accuracy";

    private ReportMetrics() {}

    /**
     * The summary table's metric columns for {@code cells} (docs/reports.md#the-summary-table): each {@link #HEADLINE}
     * metric that at least one cell has, then {@link #TURN_ACCURACY} when a (BFCL multi-turn) cell has it. A column no
     * cell has is left out, so a campaign of multi-turn cells shows completion_rate (their official accuracy) and the
     * per-turn accuracy, not columns of dashes.
     */
    public static List<String> headline(List<CellReport> cells) {
        List<String> columns = new ArrayList<>();
        for (String key : HEADLINE) {
            if (cells.stream().anyMatch(c -> c.metrics().containsKey(key))) {
                columns.add(key);
            }
        }
        if (cells.stream().anyMatch(c -> c.metrics().containsKey(TURN_ACCURACY))) {
            columns.add(TURN_ACCURACY);
        }
        return columns;
    }

    public static Map<String, Double> flatten(ScoreReport report) {
        return flatten(report, report.perSample().stream().filter(s -> s.parsed().status() == ParseStatus.REASONING_ONLY).count());
    }

    /** {@link #flatten} of a report whose samples include {@code reasoningOnly} outputs that were only reasoning. */
    public static Map<String, Double> flatten(ScoreReport report, long reasoningOnly) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (IntentMode mode : IntentMode.values()) {
            put(m, "intent." + mode.key(), report.intent().get(mode));
        }
        put(m, "slot", report.slot());
        if (report.completionRate() != null) {
            m.put("completion_rate", report.completionRate());
        }
        put(m, "lcs", report.lcs());
        m.put("sequence.partial", report.partialSequence());
        m.put("sequence.full", report.fullSequence());
        if (report.nestful() != null) {
            m.put("nestful.f1_function", report.nestful().functionF1());
            m.put("nestful.f1_parameter", report.nestful().parameterF1());
            if (report.nestful().winRate() != null) {
                m.put("nestful.win_rate", report.nestful().winRate());
            }
        }
        if (report.bfcl() != null) {
            // outside the categories and the v4 overall, as bfcl-eval reports format_sensitivity
            report.bfcl().formatSensitivityStats().ifPresent(stats -> formatSensitivity(m, stats));
        }
        if (report.bfcl() != null && !report.bfcl().categories().isEmpty()) {
            // bfcl-eval's denominators; with entries that had no model output, their count and ibench's scored-only accuracy beside
            report.bfcl().categories().forEach((category, c) -> {
                m.put("bfcl.accuracy." + category.key(), c.accuracy());
                if (c.unscored() > 0) {
                    m.put("bfcl.unscored." + category.key(), (double) c.unscored());
                    m.put("bfcl.accuracy_scored_only." + category.key(), c.scoredAccuracy());
                }
            });
            m.put("bfcl.overall_weighted", report.bfcl().overallWeighted());
            m.put("bfcl.overall_unweighted", report.bfcl().overallUnweighted());
            // no per-cell v4 overall: a cell holds one category, a sliver of the v4 weight; the model's BFCL overall has it
        }
        m.put("parsed_rate", report.samples() == 0 ? 0.0 : (double) report.parsed() / report.samples());
        if (reasoningOnly > 0) {
            // outputs that were only reasoning (thinking cut off by max_tokens): a model setting to fix, not a format problem
            m.put("reasoning_only_rate", (double) reasoningOnly / report.samples());
        }
        return m;
    }

    /** The metrics' prefix of a format_sensitivity cell's stats ({@code ...accuracy}, {@code ...accuracy.<configuration>}, ...). */
    public static final String FORMAT_SENSITIVITY = "bfcl.format_sensitivity.";

    /** The stats as {@code rescore} prints them: overall accuracy, the three spreads (percent points), each configuration's accuracy. */
    private static void formatSensitivity(Map<String, Double> m, BfclFormatSensitivity.Stats stats) {
        m.put(FORMAT_SENSITIVITY + "accuracy", stats.accuracy());
        m.put(FORMAT_SENSITIVITY + "accuracy_max_delta", stats.maxDelta());
        m.put(FORMAT_SENSITIVITY + "accuracy_variance", stats.variance());
        m.put(FORMAT_SENSITIVITY + "accuracy_std", stats.std());
        stats.byConfig().forEach((config, c) -> m.put(FORMAT_SENSITIVITY + "accuracy." + config, c.accuracy()));
    }

    private static void put(Map<String, Double> m, String prefix, PrecisionRecallF1 prf) {
        m.put(prefix + ".precision", prf.precision());
        m.put(prefix + ".recall", prf.recall());
        m.put(prefix + ".f1", prf.f1());
    }

    /** Mean and spread of every metric over the trials' reports (a metric missing in some trial uses the others). */
    public static Map<String, MetricSummary> summarize(List<ScoreReport> trials) {
        return summarizeFlat(trials.stream().map(ReportMetrics::flatten).toList());
    }

    /**
     * {@link #summarize} of trials whose reports may hold none of their per-sample scores (a report built from a
     * {@link dev.ibench.core.score.ScoreTally}): {@code reasoningOnly.get(i)} is trial i's count of reasoning-only outputs.
     */
    public static Map<String, MetricSummary> summarize(List<ScoreReport> trials, List<Long> reasoningOnly) {
        List<Map<String, Double>> flattened = new ArrayList<>();
        for (int i = 0; i < trials.size(); i++) {
            flattened.add(flatten(trials.get(i), reasoningOnly.get(i)));
        }
        return summarizeFlat(flattened);
    }

    private static Map<String, MetricSummary> summarizeFlat(List<Map<String, Double>> flattened) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (Map<String, Double> trial : flattened) {
            trial.forEach((k, v) -> values.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
        }
        Map<String, MetricSummary> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, MetricSummary.of(v)));
        return out;
    }
}
