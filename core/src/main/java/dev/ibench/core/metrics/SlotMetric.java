package dev.ibench.core.metrics;

import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Slot (argument) precision/recall/F1, seed 000 section 4.1.1: "conditional on the correct ground-truth intent being
 * predicted but slots are not penalized for missing ground-truth intents". Following the seed authors' scorer, a
 * slot is the string {@code "name = value"} ({@link PythonValueText}) and slot sets are compared as sets. Each gold
 * call instance is paired with the predicted call instance of the same name and the same occurrence number (the k-th
 * gold {@code filter_data} with the k-th predicted {@code filter_data}); gold instances without a predicted counterpart
 * contribute nothing. This is the pairing of the seed authors' later scorer (a per-name queue); their earlier scorer
 * paired every gold call with the LAST predicted call of its name, which {@link SlotPairing#LAST_BY_NAME} reproduces
 * (docs/metrics.md). A compared pair with no slots on either side counts one
 * true positive (same convention as the intent metric).
 */
public final class SlotMetric {
    private SlotMetric() {}

    /** The counts and one explanation per lost slot point. */
    public record Result(Counts counts, List<String> lostPoints) {}

    /** Compares with {@link SlotPairing#OCCURRENCE}. */
    public static Result compare(List<ToolCall> gold, List<ToolCall> predicted) {
        return compare(gold, predicted, SlotPairing.OCCURRENCE);
    }

    public static Result compare(List<ToolCall> gold, List<ToolCall> predicted, SlotPairing pairing) {
        Map<String, List<ToolCall>> predictedByName = new HashMap<>();
        predicted.forEach(call -> predictedByName.computeIfAbsent(call.name(), k -> new ArrayList<>()).add(call));
        Map<String, Integer> occurrence = new HashMap<>();
        Counts total = Counts.ZERO;
        List<String> lost = new ArrayList<>();
        for (int i = 0; i < gold.size(); i++) {
            ToolCall goldCall = gold.get(i);
            int k = occurrence.merge(goldCall.name(), 1, Integer::sum) - 1;
            List<ToolCall> sameName = predictedByName.getOrDefault(goldCall.name(), List.of());
            if (sameName.isEmpty() || (pairing == SlotPairing.OCCURRENCE && k >= sameName.size())) {
                continue;
            }
            ToolCall predictedCall = pairing == SlotPairing.OCCURRENCE ? sameName.get(k) : sameName.get(sameName.size() - 1);
            Set<String> g = slots(goldCall);
            Set<String> p = slots(predictedCall);
            if (g.isEmpty() && p.isEmpty()) {
                total = total.plus(new Counts(1, 0, 0));
                continue;
            }
            int tp = 0;
            for (String slot : g) {
                if (p.contains(slot)) {
                    tp++;
                } else {
                    lost.add("slot: gold call " + i + " (" + goldCall.name() + ") slot '" + slot + "' not predicted");
                }
            }
            for (String slot : p) {
                if (!g.contains(slot)) {
                    lost.add("slot: predicted " + goldCall.name() + " slot '" + slot + "' not in gold call " + i);
                }
            }
            total = total.plus(new Counts(tp, p.size() - tp, g.size() - tp));
        }
        return new Result(total, lost);
    }

    static Set<String> slots(ToolCall call) {
        Set<String> slots = new LinkedHashSet<>();
        call.arguments().forEach((k, v) -> slots.add(PythonValueText.slot(k, v)));
        return slots;
    }
}
