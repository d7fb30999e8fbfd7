package dev.ibench.core.report;

import dev.ibench.core.score.ScoreReport;
import java.util.List;
import java.util.Map;

/**
 * Every metric of one campaign cell. {@code metrics} maps a metric key (see {@link ReportMetrics}) to
 * its summary over trials; {@code trialReports} hold the full per-trial scores with per-sample reasons.
 * Samples recorded as infra_error or rejected (the endpoint refused the request, e.g. prompt longer than
 * the context) are counted apart and never enter the metrics; {@code rejected} is last to keep the
 * older constructor.
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
        int rejected) {

    public CellReport(String cellId, String model, String benchmark, String mode, int samples, int trials, int scored,
                      int infraErrors, int pending, Map<String, MetricSummary> metrics, Map<String, Integer> errorCategories,
                      List<ScoreReport> trialReports) {
        this(cellId, model, benchmark, mode, samples, trials, scored, infraErrors, pending, metrics, errorCategories,
                trialReports, 0);
    }
}
