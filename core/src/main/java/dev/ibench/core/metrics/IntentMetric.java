package dev.ibench.core.metrics;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Intent (API name) precision/recall/F1, seed 000 section 4.1.1 ("position-aware intent precision, recall, and F1
 * ... track each instance of a function invocation"), in the three modes of the seed authors' scorer:
 * {@link IntentMode#SET}, {@link IntentMode#COUNTER} (multiset) and {@link IntentMode#LIST} (position matches
 * counted from the start until the first mismatch; every other predicted call is a false positive, every other gold
 * call a false negative). When both sequences are empty the sample counts one true positive (the seed authors'
 * convention). Micro scores pool these counts over samples with {@link Counts#plus}.
 */
public final class IntentMetric {
    private IntentMetric() {}

    public static Counts count(List<String> gold, List<String> predicted, IntentMode mode) {
        if (gold.isEmpty() && predicted.isEmpty()) {
            return new Counts(1, 0, 0);
        }
        return switch (mode) {
            case SET -> countSet(gold, predicted);
            case COUNTER -> countMultiset(gold, predicted);
            case LIST -> countPrefix(gold, predicted);
        };
    }

    private static Counts countSet(List<String> gold, List<String> predicted) {
        Set<String> g = new HashSet<>(gold);
        Set<String> p = new HashSet<>(predicted);
        int tp = (int) g.stream().filter(p::contains).count();
        return new Counts(tp, p.size() - tp, g.size() - tp);
    }

    private static Counts countMultiset(List<String> gold, List<String> predicted) {
        Map<String, Integer> g = frequencies(gold);
        Map<String, Integer> p = frequencies(predicted);
        int tp = 0;
        for (Map.Entry<String, Integer> e : g.entrySet()) {
            tp += Math.min(e.getValue(), p.getOrDefault(e.getKey(), 0));
        }
        return new Counts(tp, predicted.size() - tp, gold.size() - tp);
    }

    private static Counts countPrefix(List<String> gold, List<String> predicted) {
        int matches = 0;
        while (matches < gold.size() && matches < predicted.size() && gold.get(matches).equals(predicted.get(matches))) {
            matches++;
        }
        return new Counts(matches, predicted.size() - matches, gold.size() - matches);
    }

    static Map<String, Integer> frequencies(List<String> items) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        items.forEach(i -> counts.merge(i, 1, Integer::sum));
        return counts;
    }
}
