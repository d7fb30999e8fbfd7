package dev.ibench.core.bfcl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
 */
public record BfclV4Score(double overall, Map<String, Double> sections, List<String> notRun) {
    static final Map<String, Integer> SECTION_WEIGHTS = Map.of("non_live", 10, "live", 10, "irrelevance", 10, "multi_turn", 30, "agentic", 40);
    /** v4 entry counts of the live AST categories, which weigh by count even when not run. */
    private static final Map<String, Integer> V4_LIVE_ENTRIES = Map.of("live_simple", 258, "live_multiple", 1053, "live_parallel", 16,
            "live_parallel_multiple", 24);

    public static BfclV4Score of(Map<BfclCategory, BfclSummary.Category> categories) {
        return of(categories, Map.of());
    }

    /** @param multiTurnCategories the multi-turn categories run (BFCL's name to entries and valid entries) */
    public static BfclV4Score of(Map<BfclCategory, BfclSummary.Category> categories, Map<String, BfclSummary.Category> multiTurnCategories) {
        Map<String, BfclSummary.Category> byKey = new LinkedHashMap<>();
        categories.forEach((c, s) -> byKey.put(c == BfclCategory.SIMPLE ? "simple_python" : c.key(), s));
        byKey.putAll(multiTurnCategories);
        List<String> notRun = new ArrayList<>();
        java.util.function.Function<String, Double> acc = key -> {
            BfclSummary.Category c = byKey.get(key);
            if (c == null) {
                notRun.add(key);
                return 0.0;
            }
            return c.accuracy();
        };
        double simple = mean(acc.apply("simple_python"), acc.apply("simple_java"), acc.apply("simple_javascript"));
        double nonLive = mean(simple, acc.apply("multiple"), acc.apply("parallel"), acc.apply("parallel_multiple"));
        double liveCorrect = 0;
        int liveCount = 0;
        for (String key : List.of("live_simple", "live_multiple", "live_parallel", "live_parallel_multiple")) {
            BfclSummary.Category c = byKey.get(key);
            int count = c == null ? V4_LIVE_ENTRIES.get(key) : c.samples();
            liveCorrect += acc.apply(key) * count;
            liveCount += count;
        }
        double live = liveCount == 0 ? 0 : liveCorrect / liveCount;
        double irrelevance = mean(acc.apply("irrelevance"), acc.apply("live_irrelevance"));
        double multiTurn = mean(acc.apply("multi_turn_base"), acc.apply("multi_turn_miss_func"), acc.apply("multi_turn_miss_param"),
                acc.apply("multi_turn_long_context"));
        double agentic = mean(mean(acc.apply("web_search_base"), acc.apply("web_search_no_snippet")),
                mean(acc.apply("memory_kv"), acc.apply("memory_vector"), acc.apply("memory_rec_sum")));
        Map<String, Double> sections = new LinkedHashMap<>();
        sections.put("non_live", nonLive);
        sections.put("live", live);
        sections.put("irrelevance", irrelevance);
        sections.put("multi_turn", multiTurn);
        sections.put("agentic", agentic);
        double weighted = 0;
        int weights = 0;
        for (Map.Entry<String, Double> e : sections.entrySet()) {
            weighted += SECTION_WEIGHTS.get(e.getKey()) * e.getValue();
            weights += SECTION_WEIGHTS.get(e.getKey());
        }
        return new BfclV4Score(weighted / weights, sections, List.copyOf(notRun));
    }

    private static double mean(double... values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }
}
