package dev.ibench.core.report;

import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.parse.ParseStatus;
import dev.ibench.core.metrics.ReactStatisticsMetric;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.score.SampleScore;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The per-sample scores that exports and comparisons use (keys listed in docs/reports.md). Yes/no outcomes are 1 or
 * 0, so their mean over samples is the rate; F1 values are the sample's own (their mean is a macro average, unlike the
 * cell's pooled micro F1 in the report).
 */
public final class SampleScores {
    private SampleScores() {}

    /** A direct cell's sample: intent (position-aware), slot and LCS P/R/F1, sequence accuracy, parsed, completed. */
    public static Map<String, Double> of(SampleScore s) {
        Map<String, Double> m = new LinkedHashMap<>();
        prf(m, "intent.list", s.intent().get(IntentMode.LIST));
        prf(m, "slot", s.slot());
        m.put("lcs.precision", s.lcs().precision());
        m.put("lcs.recall", s.lcs().recall());
        m.put("sequence.partial", s.sequence().partial());
        m.put("sequence.full", bit(s.sequence().full()));
        m.put("parsed", bit(s.parsed().isParsed()));
        m.put("reasoning_only", bit(s.parsed().status() == ParseStatus.REASONING_ONLY));
        if (s.completed() != null) {
            m.put("completed", bit(s.completed()));
        }
        return m;
    }

    /** A ReACT cell's sample: completed (win), loops, out of budget, stuck, unclassified, parse failures, tool errors. */
    public static Map<String, Double> of(ReactOutcome o) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("completed", bit(o.completed()));
        m.put("react.loops", (double) o.loops());
        // classified as the cell's Table 2 columns are (ReactStatisticsMetric), so exports and the report agree
        boolean oob = ReactStatisticsMetric.isOutOfBudget(o.trajectory());
        boolean stuck = ReactStatisticsMetric.isStuck(o.trajectory());
        m.put("react.oob", bit(oob));
        m.put("react.stuck", bit(stuck));
        m.put("react.unclassified", bit(!o.completed() && !oob && !stuck));
        m.put("react.parse_failures", (double) o.parseFailures());
        m.put("react.tool_errors", (double) o.toolErrors());
        return m;
    }

    /** A sql cell's sample: completed. */
    public static Map<String, Double> ofSql(boolean completed) {
        return Map.of("completed", bit(completed));
    }

    private static void prf(Map<String, Double> m, String prefix, Counts c) {
        m.put(prefix + ".precision", c.precision());
        m.put(prefix + ".recall", c.recall());
        m.put(prefix + ".f1", c.f1());
    }

    private static double bit(boolean b) {
        return b ? 1.0 : 0.0;
    }
}
