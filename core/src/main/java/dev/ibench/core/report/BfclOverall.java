package dev.ibench.core.report;

import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclV4Score;
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

    /** The metric of a multi-turn cell's scored entries per trial; its {@code bfcl.accuracy.<category>} is the category's accuracy. */
    public static final String MULTI_TURN_ENTRIES = "bfcl.multi_turn.entries";

    /**
     * One entry per model that has BFCL cells, in the order models first appear. Multi-turn cells (those with
     * {@value #MULTI_TURN_ENTRIES}) count as their category with their entries and official accuracy per trial.
     */
    public static List<BfclOverall> of(List<CellReport> cells) {
        Map<String, List<CellReport>> byModel = new LinkedHashMap<>();
        cells.stream().filter(c -> c.trialReports().stream().anyMatch(r -> r.bfcl() != null) || c.metrics().containsKey(MULTI_TURN_ENTRIES))
                .forEach(c -> byModel.computeIfAbsent(c.model(), m -> new ArrayList<>()).add(c));
        List<BfclOverall> out = new ArrayList<>();
        byModel.forEach((model, modelCells) -> {
            int trials = modelCells.stream().mapToInt(c -> Math.max(c.trialReports().size(), multiTurnTrials(c))).max().orElse(0);
            List<Double> weighted = new ArrayList<>();
            List<Double> unweighted = new ArrayList<>();
            List<Double> v4 = new ArrayList<>();
            TreeSet<String> categories = new TreeSet<>();
            int samples = 0;
            for (int t = 0; t < trials; t++) {
                List<BfclVerdict> verdicts = new ArrayList<>();
                Map<String, BfclSummary.Category> multiTurn = new LinkedHashMap<>();
                for (CellReport cell : modelCells) {
                    if (t < cell.trialReports().size()) {
                        ScoreReport trial = cell.trialReports().get(t);
                        trial.perSample().stream().map(SampleScore::bfcl).filter(v -> v != null).forEach(verdicts::add);
                    }
                    multiTurnCategory(cell, t).ifPresent(e -> multiTurn.merge(e.getKey(), e.getValue(),
                            (a, b) -> new BfclSummary.Category(a.samples() + b.samples(), a.correct() + b.correct())));
                }
                BfclSummary summary = BfclSummary.of(verdicts);
                summary.categories().keySet().forEach(c -> categories.add(c.key()));
                categories.addAll(multiTurn.keySet());
                List<BfclSummary.Category> all = new ArrayList<>(summary.categories().values());
                all.addAll(multiTurn.values());
                int n = all.stream().mapToInt(BfclSummary.Category::samples).sum();
                int correct = all.stream().mapToInt(BfclSummary.Category::correct).sum();
                weighted.add(n == 0 ? 0 : correct / (double) n);
                unweighted.add(all.stream().mapToDouble(BfclSummary.Category::accuracy).average().orElse(0));
                v4.add(BfclV4Score.of(summary.categories(), multiTurn).overall());
                samples = Math.max(samples, n);
            }
            out.add(new BfclOverall(model, List.copyOf(categories), samples, MetricSummary.of(weighted), MetricSummary.of(unweighted),
                    MetricSummary.of(v4)));
        });
        return out;
    }

    private static int multiTurnTrials(CellReport cell) {
        MetricSummary entries = cell.metrics().get(MULTI_TURN_ENTRIES);
        return entries == null ? 0 : entries.trials().size();
    }

    /** A multi-turn cell's category in trial {@code t}: its name, entries scored and entries valid. */
    private static java.util.Optional<Map.Entry<String, BfclSummary.Category>> multiTurnCategory(CellReport cell, int t) {
        MetricSummary entries = cell.metrics().get(MULTI_TURN_ENTRIES);
        if (entries == null || t >= entries.trials().size()) {
            return java.util.Optional.empty();
        }
        return cell.metrics().entrySet().stream()
                .filter(e -> e.getKey().startsWith("bfcl.accuracy.multi_turn_") && t < e.getValue().trials().size())
                .findFirst().map(e -> {
                    int n = (int) Math.round(entries.trials().get(t));
                    int valid = (int) Math.round(e.getValue().trials().get(t) * n);
                    return Map.entry(e.getKey().substring("bfcl.accuracy.".length()), new BfclSummary.Category(n, valid));
                });
    }
}
