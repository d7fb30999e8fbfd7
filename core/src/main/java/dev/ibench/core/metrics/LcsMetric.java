package dev.ibench.core.metrics;

import java.util.List;

/**
 * LCS precision/recall over API-name sequences, API-BLEND (seed 001) section 5.4: per sample, precision is
 * |LCS| / |predicted sequence| and recall |LCS| / |gold sequence|; precision and recall are averaged over samples
 * and LCS-F1 is the harmonic mean of the two averages ({@link #aggregate}). An empty predicted sequence has precision
 * 0 (1 if the gold sequence is empty too); an empty gold sequence has recall 1 only if the prediction is empty too.
 */
public final class LcsMetric {
    private LcsMetric() {}

    /** Per-sample LCS result. */
    public record Score(int lcsLength, double precision, double recall) {}

    public static Score score(List<String> gold, List<String> predicted) {
        if (gold.isEmpty() && predicted.isEmpty()) {
            return new Score(0, 1.0, 1.0);
        }
        int lcs = length(gold, predicted);
        double precision = predicted.isEmpty() ? 0.0 : (double) lcs / predicted.size();
        double recall = gold.isEmpty() ? 0.0 : (double) lcs / gold.size();
        return new Score(lcs, precision, recall);
    }

    public static PrecisionRecallF1 aggregate(List<Score> scores) {
        return ofMeans(scores.size(), scores.stream().mapToDouble(Score::precision).average().orElse(0),
                scores.stream().mapToDouble(Score::recall).average().orElse(0));
    }

    /** {@link #aggregate} of {@code samples} scores whose mean precision and mean recall are given (0 for no sample). */
    public static PrecisionRecallF1 ofMeans(long samples, double meanPrecision, double meanRecall) {
        return samples == 0 ? new PrecisionRecallF1(0, 0, 0) : PrecisionRecallF1.of(meanPrecision, meanRecall);
    }

    static int length(List<String> a, List<String> b) {
        int[][] table = new int[a.size() + 1][b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                table[i][j] = a.get(i - 1).equals(b.get(j - 1))
                        ? table[i - 1][j - 1] + 1
                        : Math.max(table[i - 1][j], table[i][j - 1]);
            }
        }
        return table[a.size()][b.size()];
    }
}
