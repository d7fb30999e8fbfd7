package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.List;

/**
 * NESTful (seed 003) section 4.3 partial and full sequence matching, as NESTful's released scorer computes them.
 * A call is identified by its name and all argument-value pairs ({@link CallIdentity}). Sequences of equal length are
 * compared position by position. Sequences of different lengths are first aligned on API names greedily: walking both,
 * equal names are paired; otherwise the next gold call is paired with a gap (or, once gold is exhausted, the next
 * predicted call is). Partial = matching pairs / aligned length; full = 1 iff partial = 1. Both are averaged over
 * samples. Two empty sequences score 1.
 */
public final class SequenceAccuracyMetric {
    private SequenceAccuracyMetric() {}

    public record Score(int matchingPositions, double partial, boolean full) {}

    public static Score score(List<ToolCall> gold, List<ToolCall> predicted) {
        if (gold.isEmpty() && predicted.isEmpty()) {
            return new Score(0, 1.0, true);
        }
        List<ToolCall[]> pairs = gold.size() == predicted.size() ? zip(gold, predicted) : alignByName(gold, predicted);
        int matches = 0;
        for (ToolCall[] pair : pairs) {
            if (pair[0] != null && pair[1] != null && CallIdentity.of(pair[0]).equals(CallIdentity.of(pair[1]))) {
                matches++;
            }
        }
        double partial = (double) matches / pairs.size();
        return new Score(matches, partial, matches == pairs.size());
    }

    private static List<ToolCall[]> zip(List<ToolCall> gold, List<ToolCall> predicted) {
        List<ToolCall[]> pairs = new ArrayList<>();
        for (int i = 0; i < gold.size(); i++) {
            pairs.add(new ToolCall[] {gold.get(i), predicted.get(i)});
        }
        return pairs;
    }

    private static List<ToolCall[]> alignByName(List<ToolCall> gold, List<ToolCall> predicted) {
        List<ToolCall[]> pairs = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < gold.size() || j < predicted.size()) {
            if (i < gold.size() && j < predicted.size() && gold.get(i).name().equals(predicted.get(j).name())) {
                pairs.add(new ToolCall[] {gold.get(i++), predicted.get(j++)});
            } else if (i < gold.size()) {
                pairs.add(new ToolCall[] {gold.get(i++), null});
            } else {
                pairs.add(new ToolCall[] {null, predicted.get(j++)});
            }
        }
        return pairs;
    }
}
