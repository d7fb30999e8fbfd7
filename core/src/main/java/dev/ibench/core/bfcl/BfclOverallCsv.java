package dev.ibench.core.bfcl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * bfcl-eval's {@code data_overall.csv} (2026.3.23, {@code eval_runner_helper.generate_leaderboard_csv} and
 * {@code write_score_csv_file}) for models given their category results: the same 36 columns, a category not run shown
 * {@code N/A} where bfcl-eval shows it so and counted 0 in the sums, accuracies as {@code 12.34%}, rows sorted by overall
 * accuracy and ranked from 1, no quoting, no newline after the last row. What bfcl-eval takes from its model table (link,
 * cost, latency, organization, license) is {@code N/A}, and so are the format-sensitivity columns of a model without that score.
 */
public final class BfclOverallCsv {
    private BfclOverallCsv() {}

    static final List<String> HEADER = List.of("Rank", "Overall Acc", "Model", "Model Link", "Total Cost ($)", "Latency Mean (s)",
            "Latency Standard Deviation (s)", "Latency 95th Percentile (s)", "Non-Live AST Acc", "Non-Live Simple AST", "Non-Live Multiple AST",
            "Non-Live Parallel AST", "Non-Live Parallel Multiple AST", "Live Acc", "Live Simple AST", "Live Multiple AST", "Live Parallel AST",
            "Live Parallel Multiple AST", "Multi Turn Acc", "Multi Turn Base", "Multi Turn Miss Func", "Multi Turn Miss Param",
            "Multi Turn Long Context", "Web Search Acc", "Web Search Base", "Web Search No Snippet", "Memory Acc", "Memory KV", "Memory Vector",
            "Memory Recursive Summarization", "Relevance Detection", "Irrelevance Detection", "Format Sensitivity Max Delta",
            "Format Sensitivity Standard Deviation", "Organization", "License");
    private static final String NA = "N/A";
    /** v4 entry counts of the categories weighed by count (bfcl-eval loads the data set to count a category not run). */
    private static final Map<String, Integer> V4_LIVE_ENTRIES = Map.of("live_simple", 258, "live_multiple", 1053, "live_parallel", 16,
            "live_parallel_multiple", 24);

    /**
     * One model's results: BFCL v4 category name ({@code simple_python}, {@code multi_turn_base}, ...) to entries and
     * correct, and its {@link BfclFormatSensitivity} score (null when not run), which fills the two format-sensitivity
     * columns as Python's {@code str} writes its rounded floats.
     */
    public record Model(String name, Map<String, BfclSummary.Category> categories, BfclFormatSensitivity.Stats formatSensitivity) {
        public Model(String name, Map<String, BfclSummary.Category> categories) {
            this(name, categories, null);
        }
    }

    /** bfcl-eval's accuracy dict: value, count, and whether it shows N/A. */
    private record Acc(double accuracy, int count, boolean na) {
        Object display() {
            return na ? NA : accuracy;
        }
    }

    public static String csv(List<Model> models) {
        List<Object[]> rows = new ArrayList<>();
        for (Model m : models) {
            rows.add(row(m));
        }
        rows.sort(Comparator.comparingDouble((Object[] r) -> r[1] instanceof Double d ? d : -1).reversed());
        StringBuilder out = new StringBuilder(String.join(",", HEADER));
        for (int i = 0; i < rows.size(); i++) {
            Object[] r = rows.get(i);
            r[0] = String.valueOf(i + 1);
            List<String> cells = new ArrayList<>();
            for (Object v : r) {
                cells.add(v instanceof Double d ? String.format(Locale.ROOT, "%.2f%%", d * 100) : String.valueOf(v));
            }
            out.append('\n').append(String.join(",", cells));
        }
        return out.toString();
    }

    private static Object[] row(Model m) {
        Map<String, BfclSummary.Category> c = m.categories();
        java.util.function.Function<String, Acc> score = key -> c.containsKey(key)
                ? new Acc(c.get(key).accuracy(), c.get(key).samples(), false)
                : new Acc(0, V4_LIVE_ENTRIES.getOrDefault(key, 0), true);
        Acc simple = unweighted(true, score.apply("simple_python"), score.apply("simple_java"), score.apply("simple_javascript"));
        Acc multiple = score.apply("multiple");
        Acc parallel = score.apply("parallel");
        Acc parallelMultiple = score.apply("parallel_multiple");
        Acc summaryNonLive = unweighted(true, simple, multiple, parallel, parallelMultiple);
        Acc overallNonLive = unweighted(false, simple, multiple, parallel, parallelMultiple);
        Acc liveSimple = score.apply("live_simple");
        Acc liveMultiple = score.apply("live_multiple");
        Acc liveParallel = score.apply("live_parallel");
        Acc liveParallelMultiple = score.apply("live_parallel_multiple");
        Acc overallLive = weighted(liveSimple, liveMultiple, liveParallel, liveParallelMultiple);
        Acc base = score.apply("multi_turn_base");
        Acc missFunc = score.apply("multi_turn_miss_func");
        Acc missParam = score.apply("multi_turn_miss_param");
        Acc longContext = score.apply("multi_turn_long_context");
        Acc overallMultiTurn = unweighted(false, base, missFunc, missParam, longContext);
        Acc webBase = score.apply("web_search_base");
        Acc webNoSnippet = score.apply("web_search_no_snippet");
        Acc web = unweighted(true, webBase, webNoSnippet);
        Acc kv = score.apply("memory_kv");
        Acc vector = score.apply("memory_vector");
        Acc recSum = score.apply("memory_rec_sum");
        Acc memory = unweighted(true, kv, vector, recSum);
        Acc overallAgentic = unweighted(false, web, memory);
        Acc irrelevance = unweighted(true, score.apply("irrelevance"), score.apply("live_irrelevance"));
        Acc relevance = score.apply("live_relevance");
        double[] weights = {10, 10, 10, 30, 40};
        Acc[] parts = {overallNonLive, overallLive, irrelevance, overallMultiTurn, overallAgentic};
        double total = 0;
        for (int i = 0; i < parts.length; i++) {
            total += parts[i].accuracy() * weights[i] / 100;
        }
        return new Object[] {NA, total, m.name(), NA, NA, NA, NA, NA, summaryNonLive.display(), simple.display(), multiple.display(),
                parallel.display(), parallelMultiple.display(), overallLive.accuracy(), liveSimple.display(), liveMultiple.display(),
                liveParallel.display(), liveParallelMultiple.display(), overallMultiTurn.accuracy(), base.display(), missFunc.display(),
                missParam.display(), longContext.display(), web.display(), webBase.display(), webNoSnippet.display(), memory.display(),
                kv.display(), vector.display(), recSum.display(), relevance.display(), irrelevance.display(),
                m.formatSensitivity() == null ? NA : BfclFormatSensitivity.pythonStr(m.formatSensitivity().maxDelta()),
                m.formatSensitivity() == null ? NA : BfclFormatSensitivity.pythonStr(m.formatSensitivity().std()), NA, NA};
    }

    private static Acc unweighted(boolean showNa, Acc... parts) {
        double sum = 0;
        int count = 0;
        boolean na = false;
        for (Acc a : parts) {
            sum += a.accuracy();
            count += a.count();
            na |= a.na();
        }
        return new Acc(sum / parts.length, count, showNa && na);
    }

    private static Acc weighted(Acc... parts) {
        double sum = 0;
        int count = 0;
        for (Acc a : parts) {
            sum += a.accuracy() * a.count();
            count += a.count();
        }
        return new Acc(count == 0 ? 0 : sum / count, count, false);
    }
}
