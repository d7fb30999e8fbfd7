package dev.ibench.core.bfcl;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BFCL's scores over a set of samples: accuracy per category, as the leaderboard reports it, and over the categories
 * present the overall accuracy weighted by their sample counts (all correct samples over all samples) and the
 * unweighted mean of the category accuracies; {@link #v4()} is BFCL v4's own overall score. BFCL error types are counted over the failing samples.
 */
public record BfclSummary(Map<BfclCategory, Category> categories, double overallWeighted, double overallUnweighted,
        Map<String, Integer> errorTypes) {

    /** BFCL v4's overall score with the official section weights over these categories (the others count 0). */
    public BfclV4Score v4() {
        return BfclV4Score.of(categories);
    }

    public record Category(int samples, int correct) {
        public double accuracy() {
            return samples == 0 ? 0 : correct / (double) samples;
        }
    }

    public static BfclSummary of(List<BfclVerdict> verdicts) {
        Map<BfclCategory, int[]> counts = new EnumMap<>(BfclCategory.class);
        Map<String, Integer> errorTypes = new LinkedHashMap<>();
        for (BfclVerdict v : verdicts) {
            int[] c = counts.computeIfAbsent(v.category(), k -> new int[2]);
            c[0]++;
            if (v.valid()) {
                c[1]++;
            } else {
                errorTypes.merge(v.errorType(), 1, Integer::sum);
            }
        }
        Map<BfclCategory, Category> categories = new LinkedHashMap<>();
        counts.forEach((category, c) -> categories.put(category, new Category(c[0], c[1])));
        int samples = categories.values().stream().mapToInt(Category::samples).sum();
        int correct = categories.values().stream().mapToInt(Category::correct).sum();
        double weighted = samples == 0 ? 0 : correct / (double) samples;
        double unweighted = categories.values().stream().mapToDouble(Category::accuracy).average().orElse(0);
        return new BfclSummary(categories, weighted, unweighted, errorTypes);
    }
}
