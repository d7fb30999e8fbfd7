package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * NESTful (seed 003) section 4.3 "F1 score for function and parameter names", computed as NESTful's released scorer
 * does with scikit-learn ({@code MultiLabelBinarizer} fitted on the gold rows, {@code f1_score(average="macro")}):
 * every row is a set of labels; the label universe is the labels of the gold rows only (predicted labels that never
 * occur in gold are ignored); each label gets a binary F1 = 2tp / (2tp + fp + fn) over rows; the F1s are averaged.
 * <ul>
 *   <li>function F1: one row per sample, labels = API names;</li>
 *   <li>parameter F1: one row per sample and API name occurring in gold or prediction, labels = the
 *       {@code "arg = value"} slots of the last call of that name (empty when the name is absent on that side).</li>
 * </ul>
 */
public final class NestfulF1Metric {
    private NestfulF1Metric() {}

    public static double functionF1(List<List<ToolCall>> gold, List<List<ToolCall>> predicted) {
        List<Set<String>> g = new ArrayList<>();
        List<Set<String>> p = new ArrayList<>();
        for (int i = 0; i < gold.size(); i++) {
            g.add(names(gold.get(i)));
            p.add(names(predicted.get(i)));
        }
        return macroF1(g, p);
    }

    public static double parameterF1(List<List<ToolCall>> gold, List<List<ToolCall>> predicted) {
        List<Set<String>> g = new ArrayList<>();
        List<Set<String>> p = new ArrayList<>();
        for (int i = 0; i < gold.size(); i++) {
            Map<String, Set<String>> goldByName = lastSlotsByName(gold.get(i));
            Map<String, Set<String>> predictedByName = lastSlotsByName(predicted.get(i));
            Set<String> keys = new LinkedHashSet<>(predictedByName.keySet());
            keys.addAll(goldByName.keySet());
            for (String key : keys) {
                g.add(goldByName.getOrDefault(key, Set.of()));
                p.add(predictedByName.getOrDefault(key, Set.of()));
            }
        }
        return macroF1(g, p);
    }

    static double macroF1(List<Set<String>> gold, List<Set<String>> predicted) {
        Set<String> labels = new TreeSet<>();
        gold.forEach(labels::addAll);
        if (labels.isEmpty()) {
            return 0.0;
        }
        double sum = 0;
        for (String label : labels) {
            int tp = 0;
            int fp = 0;
            int fn = 0;
            for (int i = 0; i < gold.size(); i++) {
                boolean g = gold.get(i).contains(label);
                boolean p = predicted.get(i).contains(label);
                tp += g && p ? 1 : 0;
                fp += !g && p ? 1 : 0;
                fn += g && !p ? 1 : 0;
            }
            sum += new Counts(tp, fp, fn).f1();
        }
        return sum / labels.size();
    }

    private static Set<String> names(List<ToolCall> calls) {
        Set<String> names = new HashSet<>();
        calls.forEach(c -> names.add(c.name()));
        return names;
    }

    private static Map<String, Set<String>> lastSlotsByName(List<ToolCall> calls) {
        Map<String, Set<String>> byName = new LinkedHashMap<>();
        calls.forEach(c -> byName.put(c.name(), SlotMetric.slots(c)));
        return byName;
    }
}
