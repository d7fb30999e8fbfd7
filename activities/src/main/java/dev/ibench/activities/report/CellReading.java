package dev.ibench.activities.report;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ResultsStore.StoredResult;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.report.AblationMaterial;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MetricSummary;
import dev.ibench.core.report.TrialOutcomes;
import dev.ibench.core.score.ScoreReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One cell's pass over its stored results, page by page: counts every result, sets the unscored ones apart (shown as
 * failed rows), hands the scored ones on, and assembles the cell's report from what the caller tallied.
 */
final class CellReading {
    final CellRecord cell;
    final int samples;
    final EvalSetCache evalSets;
    final SampleRowEmitter rows;
    final CellCompletions completions;
    final UnscoredResults unscored;
    final TrialOutcomes overTrials;
    private final ResultsStore store;
    private final int pageSize;
    private final ReportProgress progress;
    private int results;

    CellReading(CellRecord cell, int samples, ResultsStore store, EvalSetCache evalSets, int pageSize, ReportProgress progress,
                SampleRowEmitter rows, CellCompletions completions) {
        this.cell = cell;
        this.samples = samples;
        this.store = store;
        this.evalSets = evalSets;
        this.pageSize = pageSize;
        this.progress = progress;
        this.rows = rows;
        this.completions = completions;
        this.unscored = new UnscoredResults(cell, rows);
        this.overTrials = new TrialOutcomes(cell.trials());
    }

    /** Each scored result of the cell in the store's order; an unscored one is counted and emitted instead. */
    void forEachScored(Consumer<StoredResult> each) {
        forEachResult(each, withoutOutput -> { });
    }

    /**
     * Each result of the cell in the store's order: a scored one to {@code scored}; an unscored one (rejected,
     * infra_error) is counted and emitted, then handed to {@code withoutOutput}.
     */
    void forEachResult(Consumer<StoredResult> scored, Consumer<SampleResultRecord> withoutOutput) {
        store.forEachSampleResult(cell.cellId(), pageSize, stored -> {
            progress.item();
            results++;
            if (unscored.take(stored.result())) {
                withoutOutput.accept(stored.result());
            } else {
                scored.accept(stored);
            }
        });
    }

    /** The summaries of per-trial values, in the values' order. */
    static Map<String, MetricSummary> summaries(Map<String, List<Double>> values) {
        Map<String, MetricSummary> metrics = new LinkedHashMap<>();
        values.forEach((k, v) -> metrics.put(k, MetricSummary.of(v)));
        return metrics;
    }

    static void add(Map<String, List<Double>> values, String key, double value) {
        values.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
    }

    /** The cell's report: {@code metrics} followed by the metrics over trials. */
    CellReport report(Map<String, MetricSummary> metrics, Map<String, Integer> categories, List<ScoreReport> trialReports,
                      AblationMaterial ablationMaterial) {
        overTrials.metrics(cell.trials()).forEach((key, value) -> metrics.put(key, MetricSummary.of(List.of(value))));
        int scored = results - unscored.infra - unscored.rejected;
        return new CellReport(cell.cellId(), cell.model(), cell.benchmark(), cell.mode(), samples, cell.trials(), scored, unscored.infra,
                unscored.pending(samples, scored), metrics, categories, trialReports, unscored.rejected, cell.ablation(),
                ablationMaterial);
    }
}
