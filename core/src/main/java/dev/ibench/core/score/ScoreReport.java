package dev.ibench.core.score;

import dev.ibench.core.bfcl.BfclFormatSensitivity;
import dev.ibench.core.bfcl.BfclSummary;
import dev.ibench.core.bfcl.BfclV4Score;
import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.core.metrics.Counts;
import dev.ibench.core.metrics.IntentMode;
import dev.ibench.core.metrics.PrecisionRecallF1;
import dev.ibench.core.nestful.NestfulSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Aggregated scores over samples: intent and slot micro P/R/F1 (pooled counts), completion rate (null when not
 * executed), LCS P/R/F1 (averaged per sample, F1 of the averages), NESTful partial/full sequence accuracy (means),
 * BFCL error category counts (all categories, zeros included), the per-sample scores, and for NESTful samples their
 * own metrics ({@link NestfulSummary}; null when there are none), for BFCL samples BFCL's accuracies ({@link BfclSummary};
 * null when there are none).
 */
public record ScoreReport(
        int samples,
        int parsed,
        Map<IntentMode, PrecisionRecallF1> intent,
        PrecisionRecallF1 slot,
        Double completionRate,
        PrecisionRecallF1 lcs,
        double partialSequence,
        double fullSequence,
        Map<BfclErrorCategory, Integer> errors,
        List<SampleScore> perSample,
        NestfulSummary nestful,
        BfclSummary bfcl) {

    public static ScoreReport of(List<SampleScore> scores) {
        ScoreTally tally = new ScoreTally();
        scores.forEach(tally::add);
        return tally.report(scores);
    }

    /** The JSON layout of {@code ibench rescore --json} (see docs/metrics.md): {@link #aggregateJsonTree}, then {@code per_sample}. */
    public Map<String, Object> toJsonTree() {
        Map<String, Object> root = aggregateJsonTree();
        List<Object> per = new ArrayList<>();
        for (SampleScore s : perSample) {
            per.add(perSampleJsonTree(s));
        }
        root.put("per_sample", per);
        return root;
    }

    /** The fields of {@link #toJsonTree} before {@code per_sample} (which comes last). */
    public Map<String, Object> aggregateJsonTree() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("samples", samples);
        root.put("parsed", parsed);
        Map<String, Object> intentTree = new LinkedHashMap<>();
        intent.forEach((mode, prf) -> intentTree.put(mode.key(), prf(prf)));
        root.put("intent", intentTree);
        root.put("slot", prf(slot));
        root.put("completion_rate", completionRate);
        root.put("lcs", prf(lcs));
        root.put("sequence", ordered("partial", partialSequence, "full", fullSequence));
        Map<String, Object> errorTree = new LinkedHashMap<>();
        errors.forEach((c, count) -> errorTree.put(c.key(), count));
        root.put("errors", errorTree);
        if (nestful != null) {
            root.put("nestful", nestfulTree(nestful));
        }
        if (bfcl != null && !bfcl.categories().isEmpty()) {
            root.put("bfcl", bfclTree(bfcl));
        } else if (bfcl != null) {
            // a format_sensitivity cell's trial: as rescore --json prints that category, outside the categories and the v4 overall
            root.put("bfcl", ordered("format_sensitivity", bfcl.formatSensitivityStats().map(BfclFormatSensitivity.Stats::header).orElse(null),
                    "error_types", bfcl.errorTypes()));
        }
        return root;
    }

    /** One element of {@code per_sample}. */
    public static Map<String, Object> perSampleJsonTree(SampleScore s) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("sample_id", s.sampleId());
        row.put("parse_status", s.parsed().status().name().toLowerCase());
        row.put("parse_stage", s.parsed().stage());
        row.put("gold", s.goldNames());
        row.put("predicted", s.predictedNames());
        Map<String, Object> intentCounts = new LinkedHashMap<>();
        s.intent().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> intentCounts.put(e.getKey().key(), counts(e.getValue())));
        row.put("intent", intentCounts);
        row.put("slot", counts(s.slot()));
        row.put("lcs", ordered("length", s.lcs().lcsLength(), "precision", s.lcs().precision(), "recall", s.lcs().recall()));
        row.put("sequence", ordered("partial", s.sequence().partial(), "full", s.sequence().full()));
        row.put("completed", s.completed());
        row.put("error", s.error().isError() ? s.error().category().key() : null);
        row.put("lost_points", s.lostPoints());
        if (s.nestful() != null) {
            row.put("nestful", ordered("depth", s.nestful().structure().depth(),
                    "dependencies", s.nestful().structure().dependencies(), "pattern", s.nestful().structure().pattern()));
        }
        if (s.bfcl() != null) {
            row.put("bfcl", ordered("category", s.bfcl().category().key(), "valid", s.bfcl().valid(),
                    "error_type", s.bfcl().errorType()));
        }
        return row;
    }

    private static Map<String, Object> nestfulTree(NestfulSummary n) {
        Map<String, Object> byDepth = new LinkedHashMap<>();
        n.byDepth().forEach((depth, g) -> byDepth.put(String.valueOf(depth), ordered("samples", g.samples(), "win_rate", g.winRate())));
        Map<String, Object> byPattern = new LinkedHashMap<>();
        n.byPattern().forEach((pattern, g) -> byPattern.put(pattern, ordered("samples", g.samples(), "win_rate", g.winRate())));
        return ordered("f1_function", n.functionF1(), "f1_parameter", n.parameterF1(), "partial_sequence", n.partialSequence(),
                "full_sequence", n.fullSequence(), "win_rate", n.winRate(), "win_unavailable", n.winUnavailable(),
                "by_depth", byDepth, "by_pattern", byPattern);
    }

    private static Map<String, Object> bfclTree(BfclSummary b) {
        Map<String, Object> categories = new LinkedHashMap<>();
        b.categories().forEach((category, c) -> {
            Map<String, Object> row = ordered("samples", c.samples(), "correct", c.correct(), "accuracy", c.accuracy());
            if (c.unscored() > 0) {
                row.put("unscored", c.unscored());
                row.put("accuracy_scored_only", c.scoredAccuracy());
            }
            categories.put(category.key(), row);
        });
        BfclV4Score v4 = b.v4();
        // "overall" is the leaderboard formula (categories not run at 0); "complete" false says it is partial
        Map<String, Object> v4Tree = ordered("complete", v4.complete(), "overall", v4.overall(), "sections", v4.sections(), "not_run", v4.notRun());
        if (!v4.complete()) {
            v4Tree.put("partial_over_run", Double.isNaN(v4.overRun()) ? null : v4.overRun());
            v4Tree.put("weight_run", v4.weightRun());
            v4Tree.put("missing_weights", v4.missingWeights());
        }
        v4Tree.put("text", v4.describe());
        return ordered("categories", categories, "overall_weighted", b.overallWeighted(), "overall_unweighted", b.overallUnweighted(),
                "v4", v4Tree, "error_types", b.errorTypes());
    }

    private static Map<String, Object> ordered(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    private static Map<String, Object> prf(PrecisionRecallF1 prf) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("precision", prf.precision());
        m.put("recall", prf.recall());
        m.put("f1", prf.f1());
        return m;
    }

    private static Map<String, Object> counts(Counts c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tp", c.truePositives());
        m.put("fp", c.falsePositives());
        m.put("fn", c.falseNegatives());
        return m;
    }
}
