package dev.ibench.core.report;

import dev.ibench.core.score.ScoreReport;
import java.util.List;
import java.util.Map;

/**
 * Every metric of one campaign cell. {@code metrics} maps a metric key (see {@link ReportMetrics}) to
 * its summary over trials; {@code trialReports} hold the full per-trial scores with per-sample reasons.
 * Samples recorded as infra_error or rejected (the endpoint refused the request, e.g. prompt longer than
 * the context) are counted apart and never enter the metrics; {@code rejected}, {@code ablation} (the cell's
 * prompt transform, {@code none} without) and {@code ablationMaterial} (what a model wrote for a paraphrase or
 * toolkit_expansion cell, else null) come last to keep the older constructors.
 */
public record CellReport(
        String cellId,
        String model,
        String benchmark,
        String mode,
        int samples,
        int trials,
        int scored,
        int infraErrors,
        int pending,
        Map<String, MetricSummary> metrics,
        Map<String, Integer> errorCategories,
        List<ScoreReport> trialReports,
        int rejected,
        String ablation,
        AblationMaterial ablationMaterial) {

    public CellReport(String cellId, String model, String benchmark, String mode, int samples, int trials, int scored,
                      int infraErrors, int pending, Map<String, MetricSummary> metrics, Map<String, Integer> errorCategories,
                      List<ScoreReport> trialReports, int rejected, String ablation) {
        this(cellId, model, benchmark, mode, samples, trials, scored, infraErrors, pending, metrics, errorCategories,
                trialReports, rejected, ablation, null);
    }

    public CellReport(String cellId, String model, String benchmark, String mode, int samples, int trials, int scored,
                      int infraErrors, int pending, Map<String, MetricSummary> metrics, Map<String, Integer> errorCategories,
                      List<ScoreReport> trialReports, int rejected) {
        this(cellId, model, benchmark, mode, samples, trials, scored, infraErrors, pending, metrics, errorCategories,
                trialReports, rejected, "none");
    }

    /** The error categories the cell hit (count above 0), in the cell's order: what every view of the report lists. */
    public Map<String, Integer> errorCategoriesHit() {
        Map<String, Integer> hit = new java.util.LinkedHashMap<>();
        errorCategories.forEach((k, v) -> {
            if (v != null && v > 0) {
                hit.put(k, v);
            }
        });
        return hit;
    }

    /** The mode as tables show it: with the ablation when there is one ({@code direct · obfuscated}). */
    public String modeShown() {
        return ablation == null || ablation.equals("none") ? mode : mode + " · " + ablation;
    }

    public CellReport(String cellId, String model, String benchmark, String mode, int samples, int trials, int scored,
                      int infraErrors, int pending, Map<String, MetricSummary> metrics, Map<String, Integer> errorCategories,
                      List<ScoreReport> trialReports) {
        this(cellId, model, benchmark, mode, samples, trials, scored, infraErrors, pending, metrics, errorCategories,
                trialReports, 0);
    }
}
