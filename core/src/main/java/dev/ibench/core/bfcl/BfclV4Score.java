package dev.ibench.core.bfcl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * BFCL v4's overall score as bfcl-eval 2026.3.23 computes it ({@code eval_runner_helper.generate_leaderboard_csv}):
 * five sections weighted 10 / 10 / 10 / 30 / 40:
 * <ul>
 * <li>non-live: unweighted mean of simple (itself the mean of simple_python, simple_java, simple_javascript),
 * multiple, parallel, parallel_multiple;
 * <li>live: live_simple, live_multiple, live_parallel, live_parallel_multiple weighted by their sample counts;
 * <li>irrelevance: unweighted mean of irrelevance and live_irrelevance;
 * <li>multi-turn: unweighted mean of multi_turn_base, _miss_func, _miss_param, _long_context;
 * <li>agentic: unweighted mean of web search (mean of web_search_base, web_search_no_snippet) and memory (mean of
 * memory_kv, memory_vector, memory_rec_sum).
 * </ul>
 * live_relevance is shown by BFCL but weighs nothing. A category not run counts 0, as bfcl-eval counts a category it
 * has no result for (with its v4 entry count where counts weigh); such categories are listed in {@link #notRun}. v3's
 * {@code simple} takes simple_python's place.
 * <p>The formula is linear: each category carries a share of the 100 weight points ({@code weights}: simple_python
 * 10 / 4 / 3, multiple 10 / 4, a live category 10 x its share of the live entries, ...), and {@code overall} is the sum of
 * weight x accuracy over 100. {@link #weightRun} is the weight of the categories run; when it is below 100 the overall is
 * partial: {@link #overRun()} is the value over the categories run (sum of weight x accuracy over {@code weightRun}) and
 * {@link #missingWeights()} says per section which weight was not run.
 */
public record BfclV4Score(double overall, Map<String, Double> sections, List<String> notRun, double weightRun,
        Map<String, Double> missingWeights) {
    static final Map<String, Integer> SECTION_WEIGHTS = Map.of("non_live", 10, "live", 10, "irrelevance", 10, "multi_turn", 30, "agentic", 40);
    static final List<String> SECTIONS = List.of("non_live", "live", "irrelevance", "multi_turn", "agentic");
    /** v4 entry counts of the live AST categories, which weigh by count even when not run. */
    private static final Map<String, Integer> V4_LIVE_ENTRIES = Map.of("live_simple", 258, "live_multiple", 1053, "live_parallel", 16,
            "live_parallel_multiple", 24);
    private static final List<String> LIVE = List.of("live_simple", "live_multiple", "live_parallel", "live_parallel_multiple");

    public static BfclV4Score of(Map<BfclCategory, BfclSummary.Category> categories) {
        return of(categories, Map.of());
    }

    /** @param multiTurnCategories the multi-turn categories run (BFCL's name to entries and valid entries) */
    public static BfclV4Score of(Map<BfclCategory, BfclSummary.Category> categories, Map<String, BfclSummary.Category> multiTurnCategories) {
        Map<String, BfclSummary.Category> byKey = new LinkedHashMap<>();
        categories.forEach((c, s) -> byKey.put(c == BfclCategory.SIMPLE ? "simple_python" : c.key(), s));
        byKey.putAll(multiTurnCategories);
        // each weighted category's section and share of the 100 weight points
        Map<String, String> sectionOf = new LinkedHashMap<>();
        Map<String, Double> weights = new LinkedHashMap<>();
        for (String k : List.of("simple_python", "simple_java", "simple_javascript")) {
            put(sectionOf, weights, k, "non_live", 10.0 / 4 / 3);
        }
        for (String k : List.of("multiple", "parallel", "parallel_multiple")) {
            put(sectionOf, weights, k, "non_live", 10.0 / 4);
        }
        int liveCount = LIVE.stream().mapToInt(k -> byKey.containsKey(k) ? byKey.get(k).samples() : V4_LIVE_ENTRIES.get(k)).sum();
        for (String k : LIVE) {
            int count = byKey.containsKey(k) ? byKey.get(k).samples() : V4_LIVE_ENTRIES.get(k);
            put(sectionOf, weights, k, "live", liveCount == 0 ? 0 : 10.0 * count / liveCount);
        }
        for (String k : List.of("irrelevance", "live_irrelevance")) {
            put(sectionOf, weights, k, "irrelevance", 10.0 / 2);
        }
        for (String k : List.of("multi_turn_base", "multi_turn_miss_func", "multi_turn_miss_param", "multi_turn_long_context")) {
            put(sectionOf, weights, k, "multi_turn", 30.0 / 4);
        }
        for (String k : List.of("web_search_base", "web_search_no_snippet")) {
            put(sectionOf, weights, k, "agentic", 40.0 / 2 / 2);
        }
        for (String k : List.of("memory_kv", "memory_vector", "memory_rec_sum")) {
            put(sectionOf, weights, k, "agentic", 40.0 / 2 / 3);
        }
        Map<String, Double> weighted = new LinkedHashMap<>();
        Map<String, Double> missing = new LinkedHashMap<>();
        SECTIONS.forEach(s -> {
            weighted.put(s, 0.0);
            missing.put(s, 0.0);
        });
        List<String> notRun = new ArrayList<>();
        double weightRun = 0;
        for (Map.Entry<String, Double> w : weights.entrySet()) {
            String section = sectionOf.get(w.getKey());
            BfclSummary.Category c = byKey.get(w.getKey());
            if (c == null) {
                notRun.add(w.getKey());
                missing.merge(section, w.getValue(), Double::sum);
            } else {
                weighted.merge(section, w.getValue() * c.accuracy(), Double::sum);
                weightRun += w.getValue();
            }
        }
        Map<String, Double> sections = new LinkedHashMap<>();
        double overall = 0;
        for (String s : SECTIONS) {
            sections.put(s, weighted.get(s) / SECTION_WEIGHTS.get(s));
            overall += weighted.get(s);
        }
        missing.values().removeIf(m -> m < 1e-9);
        return new BfclV4Score(overall / 100, sections, List.copyOf(notRun), weightRun, missing);
    }

    private static void put(Map<String, String> sectionOf, Map<String, Double> weights, String key, String section, double weight) {
        sectionOf.put(key, section);
        weights.put(key, weight);
    }

    /** Every weighted category was run: the overall is the leaderboard's whole number. */
    public boolean complete() {
        return missingWeights.isEmpty();
    }

    /** The value over the categories run (sum of weight x accuracy over the weight run); NaN when none was run. */
    public double overRun() {
        return weightRun < 1e-9 ? Double.NaN : overall * 100 / weightRun;
    }

    /**
     * The overall as every view shows it: the number when complete, else {@code partial 1.000 over 0.8 of 100 weight
     * (not run: non_live 9.2, live 10, ...; leaderboard formula with those at 0: 0.008)}; the values come formatted.
     */
    public static String describe(String overall, String overRun, double weightRun, Map<String, Double> missingWeights) {
        if (missingWeights.isEmpty()) {
            return overall;
        }
        List<String> missing = new ArrayList<>();
        missingWeights.forEach((s, w) -> missing.add(s + " " + weight(w)));
        return "partial " + overRun + " over " + weight(weightRun) + " of 100 weight (not run: " + String.join(", ", missing)
                + "; leaderboard formula with those at 0: " + overall + ")";
    }

    public String describe() {
        return describe(String.format(Locale.ROOT, "%.3f", overall),
                Double.isNaN(overRun()) ? "n/a" : String.format(Locale.ROOT, "%.3f", overRun()), weightRun, missingWeights);
    }

    /** A weight in points: whole numbers as such, others to one decimal. */
    static String weight(double w) {
        return Math.abs(w - Math.rint(w)) < 1e-9 ? String.valueOf((long) Math.rint(w)) : String.format(Locale.ROOT, "%.1f", w);
    }
}
