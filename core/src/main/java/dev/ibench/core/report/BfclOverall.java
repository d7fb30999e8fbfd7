package dev.ibench.core.report;

import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclVerdict;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.ScoreReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * BFCL's overall scores of one model over all its BFCL cells (one cell per category): the accuracy weighted by the
 * categories' sample counts, the unweighted mean of the category accuracies and BFCL v4's overall score with its official
 * section weights ({@link dev.ibench.core.bfcl.BfclV4Score}; categories not run count 0), per trial, then mean ± sd over trials.
 */
public record BfclOverall(String model, List<String> categories, int samples, MetricSummary weighted, MetricSummary unweighted,
        MetricSummary v4Overall) {

    /** One entry per model that has BFCL cells, in the order models first appear. */
    public static List<BfclOverall> of(List<CellReport> cells) {
        Map<String, List<CellReport>> byModel = new LinkedHashMap<>();
        cells.stream().filter(c -> c.trialReports().stream().anyMatch(r -> r.bfcl() != null))
                .forEach(c -> byModel.computeIfAbsent(c.model(), m -> new ArrayList<>()).add(c));
        List<BfclOverall> out = new ArrayList<>();
        byModel.forEach((model, modelCells) -> {
            int trials = modelCells.stream().mapToInt(c -> c.trialReports().size()).max().orElse(0);
            List<Double> weighted = new ArrayList<>();
            List<Double> unweighted = new ArrayList<>();
            List<Double> v4 = new ArrayList<>();
            TreeSet<String> categories = new TreeSet<>();
            int samples = 0;
            for (int t = 0; t < trials; t++) {
                List<BfclVerdict> verdicts = new ArrayList<>();
                for (CellReport cell : modelCells) {
                    if (t < cell.trialReports().size()) {
                        ScoreReport trial = cell.trialReports().get(t);
                        trial.perSample().stream().map(SampleScore::bfcl).filter(v -> v != null).forEach(verdicts::add);
                    }
                }
                BfclSummary summary = BfclSummary.of(verdicts);
                summary.categories().keySet().forEach(c -> categories.add(c.key()));
                weighted.add(summary.overallWeighted());
                unweighted.add(summary.overallUnweighted());
                v4.add(summary.v4().overall());
                samples = Math.max(samples, verdicts.size());
            }
            out.add(new BfclOverall(model, List.copyOf(categories), samples, MetricSummary.of(weighted), MetricSummary.of(unweighted),
                    MetricSummary.of(v4)));
        });
        return out;
    }
}
