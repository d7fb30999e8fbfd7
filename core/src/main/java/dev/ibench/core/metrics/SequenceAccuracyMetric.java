package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * NESTful (seed 003) section 4.3 partial and full sequence matching. The two sequences are aligned by position;
 * a position matches when the API name and all argument-value pairs are equal ({@link CallIdentity}).
 * Partial = matching positions / max(|gold|, |predicted|) (so extra and missing calls both cost);
 * full = 1 iff the sequences have the same length and every position matches. Both are averaged over samples.
 * Two empty sequences score 1.
 */
public final class SequenceAccuracyMetric {
    private SequenceAccuracyMetric() {}

    public record Score(int matchingPositions, double partial, boolean full) {}

    public static Score score(List<ToolCall> gold, List<ToolCall> predicted) {
        int longest = Math.max(gold.size(), predicted.size());
        if (longest == 0) {
            return new Score(0, 1.0, true);
        }
        int matches = 0;
        for (int i = 0; i < Math.min(gold.size(), predicted.size()); i++) {
            if (CallIdentity.of(gold.get(i)).equals(CallIdentity.of(predicted.get(i)))) {
                matches++;
            }
        }
        return new Score(matches, (double) matches / longest, gold.size() == predicted.size() && matches == gold.size());
    }
}
