package dev.ibench.core.ablation;

import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Decides which written tools the {@code toolkit_expansion} ablation keeps (seed 004 section 2.2, step 3): each is
 * compared with the gold tool it was written for by the cosine similarity of their {@link ToolSignature}s, and kept when
 * the similarity lies in {@code [min, max]}, its name is new (no tool the sample offers, no other kept tool) and its gold tool has fewer than {@code count} kept tools.
 */
public record ToolkitExpansion(TextSimilarity similarity, int count, double minSimilarity, double maxSimilarity) {

    public String describe() {
        String window = maxSimilarity >= 1.0 ? String.format(Locale.ROOT, ">= %.2f", minSimilarity)
                : String.format(Locale.ROOT, "in [%.2f, %.2f]", minSimilarity, maxSimilarity);
        return "signature embedding cosine (" + similarity.name() + ") to the gold tool " + window;
    }

    /** The gold tools of a sample that it offers, in order of first call, by name. */
    public static Map<String, Map<String, Object>> goldTools(EvalSample sample) {
        Map<String, Map<String, Object>> byName = new HashMap<>();
        sample.tools().forEach(t -> byName.putIfAbsent(String.valueOf(t.get("name")), t));
        Map<String, Map<String, Object>> gold = new LinkedHashMap<>();
        for (ToolCall call : sample.output()) {
            if (byName.containsKey(call.name())) {
                gold.putIfAbsent(call.name(), byName.get(call.name()));
            }
        }
        return gold;
    }

    /**
     * @param answers the model's answer per gold tool name (see {@link GenerationPrompts#expansion})
     */
    public ExpansionOutcome decide(EvalSample sample, Map<String, String> answers, String generator) {
        Map<String, Map<String, Object>> gold = goldTools(sample);
        Set<String> taken = new HashSet<>();
        sample.tools().forEach(t -> taken.add(String.valueOf(t.get("name"))));
        List<Distractor> distractors = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, String> answer : answers.entrySet()) {
            String origin = answer.getKey();
            String originSignature = ToolSignature.of(gold.get(origin));
            DistractorAnswer parsed = DistractorAnswer.parse(answer.getValue());
            parsed.problems().forEach(p -> problems.add(origin + ": " + p));
            int kept = 0;
            for (Map<String, Object> tool : parsed.tools()) {
                String name = String.valueOf(tool.get("name"));
                String signature = ToolSignature.of(tool);
                double s = similarity.between(originSignature, signature);
                String reason = s < minSimilarity ? "below_min_similarity"
                        : s > maxSimilarity ? "above_max_similarity"
                        : taken.contains(name) ? "name_taken"
                        : kept >= count ? "over_count" : null;
                if (reason == null) {
                    taken.add(name);
                    kept++;
                }
                distractors.add(new Distractor(origin, name, tool, signature, s, reason == null, reason));
            }
        }
        return new ExpansionOutcome(distractors, describe(), problems, generator);
    }
}
