package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * NESTful (seed 003) section 4.3 "F1 score for function and parameter names": corpus-level macro F1 over labels,
 * as NESTful's released scorer computes it with scikit-learn's {@code MultiLabelBinarizer} and
 * {@code f1_score(average="macro")}: every sample is a set of labels (function names, or {@code "name = value"}
 * parameter strings), every label seen in gold or prediction gets a binary F1 over samples, and the F1s are averaged
 * over labels (a label never predicted and never gold does not exist; 0/0 F1 counts as 0).
 */
public final class NestfulF1Metric {
    private NestfulF1Metric() {}

    public static double functionF1(List<List<ToolCall>> gold, List<List<ToolCall>> predicted) {
        return macroF1(labels(gold, false), labels(predicted, false));
    }

    public static double parameterF1(List<List<ToolCall>> gold, List<List<ToolCall>> predicted) {
        return macroF1(labels(gold, true), labels(predicted, true));
    }

    static double macroF1(List<Set<String>> gold, List<Set<String>> predicted) {
        Set<String> all = new TreeSet<>();
        gold.forEach(all::addAll);
        predicted.forEach(all::addAll);
        if (all.isEmpty()) {
            return 0.0;
        }
        double sum = 0;
        for (String label : all) {
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
        return sum / all.size();
    }

    private static List<Set<String>> labels(List<List<ToolCall>> samples, boolean parameters) {
        List<Set<String>> out = new ArrayList<>();
        for (List<ToolCall> calls : samples) {
            Set<String> labels = new HashSet<>();
            for (ToolCall call : calls) {
                if (parameters) {
                    labels.addAll(SlotMetric.slots(call));
                } else {
                    labels.add(call.name());
                }
            }
            out.add(labels);
        }
        return out;
    }
}
