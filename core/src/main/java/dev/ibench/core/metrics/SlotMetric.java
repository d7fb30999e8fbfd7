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
 * slot is the string {@code "name = value"} ({@link PythonValueText}); for every gold call whose API name occurs among
 * the predicted calls, its slot set is compared (as sets) with the slot set of the LAST predicted call of that name.
 * Gold calls whose name was not predicted contribute nothing. A compared pair with no slots on either side counts one
 * true positive (same convention as the intent metric).
 */
public final class SlotMetric {
    private SlotMetric() {}

    /** The counts and one explanation per lost slot point. */
    public record Result(Counts counts, List<String> lostPoints) {}

    public static Result compare(List<ToolCall> gold, List<ToolCall> predicted) {
        Map<String, ToolCall> lastPredictedByName = new HashMap<>();
        predicted.forEach(call -> lastPredictedByName.put(call.name(), call));
        Counts total = Counts.ZERO;
        List<String> lost = new ArrayList<>();
        for (int i = 0; i < gold.size(); i++) {
            ToolCall goldCall = gold.get(i);
            ToolCall predictedCall = lastPredictedByName.get(goldCall.name());
            if (predictedCall == null) {
                continue;
            }
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
