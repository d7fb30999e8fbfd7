package dev.ibench.core.bfcl;

import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * BFCL's scores over a set of samples: accuracy per category, as the leaderboard reports it, and over the categories
 * present the overall accuracy weighted by their sample counts (all correct samples over all samples) and the
 * unweighted mean of the category accuracies; {@link #v4()} is BFCL v4's own overall score. BFCL error types are counted over the failing samples.
 * The denominators are bfcl-eval's: an entry without a model output (rejected, infra_error) is in them, judged as bfcl-eval
 * judges an inference error; {@link Category#scoredAccuracy()} is ibench's figure over the entries scored.
 */
public record BfclSummary(Map<BfclCategory, Category> categories, double overallWeighted, double overallUnweighted,
        Map<String, Integer> errorTypes, Map<String, Category> formatSensitivity) {

    public BfclSummary {
        formatSensitivity = formatSensitivity == null ? Map.of() : formatSensitivity; // a summary written before it had them
    }

    /**
     * The {@code format_sensitivity} entries' stats as bfcl-eval's {@code format_sensitivity_runner} reports them
     * ({@link BfclFormatSensitivity#stats} over {@link #formatSensitivity}, counted per configuration apart from the
     * categories, so outside the v4 overall); empty without such entries.
     */
    public Optional<BfclFormatSensitivity.Stats> formatSensitivityStats() {
        return formatSensitivity.isEmpty() ? Optional.empty() : Optional.of(BfclFormatSensitivity.stats(formatSensitivity));
    }

    /** BFCL v4's overall score with the official section weights over these categories (the others count 0). */
    public BfclV4Score v4() {
        return BfclV4Score.of(categories);
    }

    /**
     * One category's entries: {@code samples} counts every entry in bfcl-eval's denominator, {@code unscored} of them
     * had no model output to judge (ibench recorded them rejected or infra_error) and were judged as bfcl-eval judges an
     * inference error (its "Error during inference" result does not decode), {@code unscoredCorrect} of those passing so
     * (an irrelevance entry: no call decoded).
     */
    public record Category(int samples, int correct, int unscored, int unscoredCorrect) {
        public Category(int samples, int correct) {
            this(samples, correct, 0, 0);
        }

        /** bfcl-eval's accuracy: every entry in the denominator. */
        public double accuracy() {
            return samples == 0 ? 0 : correct / (double) samples;
        }

        /** ibench's scored-only accuracy: over the entries with a model output (0 when none). */
        public double scoredAccuracy() {
            int scored = samples - unscored;
            return scored == 0 ? 0 : (correct - unscoredCorrect) / (double) scored;
        }

        public Category plus(Category o) {
            return new Category(samples + o.samples, correct + o.correct, unscored + o.unscored, unscoredCorrect + o.unscoredCorrect);
        }
    }

    public static BfclSummary of(List<BfclVerdict> verdicts) {
        return of(verdicts, List.of());
    }

    /**
     * @param unscored verdicts of entries without a model output ({@link BfclJudge#unscored}): in the denominators, as
     *                 bfcl-eval counts them, and counted apart
     */
    public static BfclSummary of(List<BfclVerdict> verdicts, List<BfclVerdict> unscored) {
        return of(verdicts, unscored, List.of());
    }

    /** One verdict on a {@code format_sensitivity} entry: its configuration, and whether it had no model output. */
    public record FormatSensitivityVerdict(String config, BfclVerdict verdict, boolean noOutput) {}

    /**
     * @param formatSensitivity verdicts on {@code format_sensitivity} entries: counted per configuration (in bfcl-eval's
     *                          order of {@link BfclFormatSensitivity#CONFIGS}), not in the categories; their error types are counted
     */
    public static BfclSummary of(List<BfclVerdict> verdicts, List<BfclVerdict> unscored, List<FormatSensitivityVerdict> formatSensitivity) {
        Map<BfclCategory, int[]> counts = new EnumMap<>(BfclCategory.class);
        Map<String, Integer> errorTypes = new LinkedHashMap<>();
        Map<String, Category> byConfig = new TreeMap<>(Comparator.comparingInt((String config) -> {
            int i = BfclFormatSensitivity.CONFIGS.indexOf(config);
            return i < 0 ? Integer.MAX_VALUE : i;
        }).thenComparing(Comparator.naturalOrder()));
        for (FormatSensitivityVerdict f : formatSensitivity) {
            byConfig.merge(f.config(), new Category(1, f.verdict().valid() ? 1 : 0, f.noOutput() ? 1 : 0, f.noOutput() && f.verdict().valid() ? 1 : 0),
                    Category::plus);
            if (!f.verdict().valid()) {
                errorTypes.merge(f.verdict().errorType(), 1, Integer::sum);
            }
        }
        for (List<BfclVerdict> list : List.of(verdicts, unscored)) {
            boolean noOutput = list == unscored;
            for (BfclVerdict v : list) {
                int[] c = counts.computeIfAbsent(v.category(), k -> new int[4]);
                c[0]++;
                c[2] += noOutput ? 1 : 0;
                if (v.valid()) {
                    c[1]++;
                    c[3] += noOutput ? 1 : 0;
                } else {
                    errorTypes.merge(v.errorType(), 1, Integer::sum);
                }
            }
        }
        Map<BfclCategory, Category> categories = new LinkedHashMap<>();
        counts.forEach((category, c) -> categories.put(category, new Category(c[0], c[1], c[2], c[3])));
        int samples = categories.values().stream().mapToInt(Category::samples).sum();
        int correct = categories.values().stream().mapToInt(Category::correct).sum();
        double weighted = samples == 0 ? 0 : correct / (double) samples;
        double unweighted = categories.values().stream().mapToDouble(Category::accuracy).average().orElse(0);
        return new BfclSummary(categories, weighted, unweighted, errorTypes, new LinkedHashMap<>(byConfig));
    }

    /** The entries without a model output, over all categories. */
    public int unscored() {
        return categories.values().stream().mapToInt(Category::unscored).sum();
    }
}
