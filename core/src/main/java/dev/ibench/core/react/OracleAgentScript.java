package dev.ibench.core.react;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * TEST TOOL, not a model: the {@code oracle-agent}. At step k it answers the k-th call of the sample's gold
 * sequence in ReACT format (references to earlier gold labels rewritten to the harness's {@code $RESULT_j$}
 * labels); after the last gold call it answers {@code Final Answer:} with the value of the last observation.
 * A run with it must complete every verified sample in gold length + 1 loops; anything less is a harness bug.
 */
public final class OracleAgentScript {
    private OracleAgentScript() {}

    public static String turn(EvalSample sample, List<ReactStep> previous) {
        List<ToolCall> gold = sample.output();
        int step = previous.size() + 1;
        if (step <= gold.size()) {
            ToolCall call = gold.get(step - 1);
            Map<String, String> labels = new HashMap<>();
            for (int i = 0; i < step - 1; i++) {
                if (gold.get(i).label() != null) {
                    labels.put(bare(gold.get(i).label()), ReactLabels.reference(i + 1));
                }
            }
            Map<String, Object> args = new LinkedHashMap<>();
            call.arguments().forEach((k, v) -> args.put(k, rewrite(v, labels)));
            return "Thought: step " + step + " of " + gold.size() + " of the gold sequence is " + call.name() + ".\n"
                    + "Action: " + call.name() + "\n"
                    + "Action Input: " + json(args) + "\n";
        }
        String last = previous.isEmpty() ? "" : ReactObservations.valueText(previous.get(previous.size() - 1).observation());
        return "Thought: I now know the final answer\nFinal Answer: " + last + "\n";
    }

    private static Object rewrite(Object value, Map<String, String> labels) {
        if (value instanceof String s && s.length() > 2 && s.startsWith("$") && s.endsWith("$")) {
            return labels.getOrDefault(s.substring(1, s.length() - 1), s);
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(v -> out.add(rewrite(v, labels)));
            return out;
        }
        return value;
    }

    private static String bare(String label) {
        return label.startsWith("$") && label.endsWith("$") && label.length() > 1 ? label.substring(1, label.length() - 1) : label;
    }

    private static String json(Object value) {
        try {
            return Json.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write gold arguments as JSON", e);
        }
    }
}
