package dev.ibench.core.report;

import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclV4Score;
import dev.ibench.core.score.ScoreReport;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * BFCL's overall scores of one model over all its BFCL cells (one cell per category): the accuracy weighted by the
 * categories' sample counts, the unweighted mean of the category accuracies and BFCL v4's overall score with its official
 * section weights ({@link BfclV4Score}), per trial, then mean ± sd over trials. The denominators are bfcl-eval's: an
 * entry without a model output ({@code unscored}: rejected or infra_error) is in them, judged as bfcl-eval judges an
 * inference error; {@code weightedScoredOnly} is ibench's own figure over the scored entries. When categories with
 * weight were not run the v4 overall is partial: {@link #v4Text} shows the value over the categories run and the weight
 * missing per section, never the leaderboard formula's number alone.
 */
public record BfclOverall(String model, List<String> categories, int samples, int unscored, MetricSummary weighted, MetricSummary unweighted,
        MetricSummary weightedScoredOnly, MetricSummary v4Overall, MetricSummary v4OverRun, double v4WeightRun, Map<String, Double> v4MissingWeights,
        List<String> v4NotRun) {

    /** The metric of a multi-turn cell's scored entries per trial; its {@code bfcl.accuracy.<category>} is the category's accuracy. */
    public static final String MULTI_TURN_ENTRIES = "bfcl.multi_turn.entries";

    /** Every weighted category was run: {@link #v4Overall} is the leaderboard's whole number. */
    public boolean v4Complete() {
        return v4MissingWeights.isEmpty();
    }

    /** The v4 overall as every view shows it ({@link BfclV4Score#describe}). */
    public String v4Text() {
        return BfclV4Score.describe(MarkdownReportRenderer.format(v4Overall), MarkdownReportRenderer.format(v4OverRun), v4WeightRun, v4MissingWeights);
    }

    /**
     * One entry per model that has BFCL cells, in the order models first appear. Multi-turn, memory and web-search cells (those with
     * {@value #MULTI_TURN_ENTRIES}) count as their category with their entries and official accuracy per trial.
     */
    public static List<BfclOverall> of(List<CellReport> cells) {
        Map<String, List<CellReport>> byModel = new LinkedHashMap<>();
        // a format_sensitivity cell (its entries counted per configuration, no category) is not in the overall, as in bfcl-eval's
        cells.stream().filter(c -> c.trialReports().stream().anyMatch(r -> r.bfcl() != null && !r.bfcl().categories().isEmpty())
                        || c.metrics().containsKey(MULTI_TURN_ENTRIES))
                .forEach(c -> byModel.computeIfAbsent(c.model(), m -> new ArrayList<>()).add(c));
        List<BfclOverall> out = new ArrayList<>();
        byModel.forEach((model, modelCells) -> {
            int trials = modelCells.stream().mapToInt(c -> Math.max(c.trialReports().size(), multiTurnTrials(c))).max().orElse(0);
            List<Double> weighted = new ArrayList<>();
            List<Double> unweighted = new ArrayList<>();
            List<Double> scoredOnly = new ArrayList<>();
            List<Double> v4 = new ArrayList<>();
            List<Double> v4OverRun = new ArrayList<>();
            TreeSet<String> categories = new TreeSet<>();
            int samples = 0;
            int unscored = 0;
            BfclV4Score last = null;
            for (int t = 0; t < trials; t++) {
                Map<BfclCategory, BfclSummary.Category> singleTurn = singleTurn(modelCells, t);
                Map<String, BfclSummary.Category> multiTurn = multiTurn(modelCells, t);
                singleTurn.keySet().forEach(c -> categories.add(c.key()));
                categories.addAll(multiTurn.keySet());
                List<BfclSummary.Category> all = new ArrayList<>(singleTurn.values());
                all.addAll(multiTurn.values());
                int n = all.stream().mapToInt(BfclSummary.Category::samples).sum();
                int correct = all.stream().mapToInt(BfclSummary.Category::correct).sum();
                int noOutput = all.stream().mapToInt(BfclSummary.Category::unscored).sum();
                int correctScored = correct - all.stream().mapToInt(BfclSummary.Category::unscoredCorrect).sum();
                weighted.add(n == 0 ? 0 : correct / (double) n);
                scoredOnly.add(n - noOutput == 0 ? 0 : correctScored / (double) (n - noOutput));
                unweighted.add(all.stream().mapToDouble(BfclSummary.Category::accuracy).average().orElse(0));
                last = BfclV4Score.of(singleTurn, multiTurn);
                v4.add(last.overall());
                v4OverRun.add(Double.isNaN(last.overRun()) ? 0 : last.overRun());
                samples = Math.max(samples, n);
                unscored += noOutput;
            }
            out.add(new BfclOverall(model, List.copyOf(categories), samples, unscored, MetricSummary.of(weighted), MetricSummary.of(unweighted),
                    MetricSummary.of(scoredOnly), MetricSummary.of(v4), MetricSummary.of(v4OverRun), last == null ? 0 : last.weightRun(),
                    last == null ? Map.of() : last.missingWeights(), last == null ? List.of() : last.notRun()));
        });
        return out;
    }

    /** The single-turn categories of {@code cells} (one model's) in trial {@code t}, with bfcl-eval's denominators. */
    public static Map<BfclCategory, BfclSummary.Category> singleTurn(List<CellReport> cells, int t) {
        Map<BfclCategory, BfclSummary.Category> out = new EnumMap<>(BfclCategory.class);
        for (CellReport cell : cells) {
            if (t < cell.trialReports().size()) {
                ScoreReport trial = cell.trialReports().get(t);
                if (trial.bfcl() != null) {
                    trial.bfcl().categories().forEach((c, s) -> out.merge(c, s, BfclSummary.Category::plus));
                }
            }
        }
        return out;
    }

    /** The multi-turn categories of {@code cells} (one model's) in trial {@code t}, by BFCL's name. */
    public static Map<String, BfclSummary.Category> multiTurn(List<CellReport> cells, int t) {
        Map<String, BfclSummary.Category> out = new LinkedHashMap<>();
        cells.forEach(cell -> multiTurnCategory(cell, t).ifPresent(e -> out.merge(e.getKey(), e.getValue(), BfclSummary.Category::plus)));
        return out;
    }

    private static int multiTurnTrials(CellReport cell) {
        MetricSummary entries = cell.metrics().get(MULTI_TURN_ENTRIES);
        return entries == null ? 0 : entries.trials().size();
    }

    /** A multi-turn cell's category in trial {@code t}: its name, entries (without output included), entries valid and without output. */
    private static java.util.Optional<Map.Entry<String, BfclSummary.Category>> multiTurnCategory(CellReport cell, int t) {
        MetricSummary entries = cell.metrics().get(MULTI_TURN_ENTRIES);
        if (entries == null || t >= entries.trials().size()) {
            return java.util.Optional.empty();
        }
        return cell.metrics().entrySet().stream()
                .filter(e -> (e.getKey().startsWith("bfcl.accuracy.multi_turn_") || e.getKey().startsWith("bfcl.accuracy.memory_")
                        || e.getKey().startsWith("bfcl.accuracy.web_search_"))
                        && t < e.getValue().trials().size())
                .findFirst().map(e -> {
                    String category = e.getKey().substring("bfcl.accuracy.".length());
                    int n = (int) Math.round(entries.trials().get(t));
                    int valid = (int) Math.round(e.getValue().trials().get(t) * n);
                    MetricSummary noOutput = cell.metrics().get("bfcl.unscored." + category);
                    int unscored = noOutput == null || t >= noOutput.trials().size() ? 0 : (int) Math.round(noOutput.trials().get(t));
                    return Map.entry(category, new BfclSummary.Category(n, valid, unscored, 0));
                });
    }
}
