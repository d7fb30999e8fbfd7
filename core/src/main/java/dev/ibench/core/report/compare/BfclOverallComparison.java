package dev.ibench.core.report.compare;

import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code campaign compare}'s BFCL section: per model, its BFCL overall in campaign A and in B ({@link BfclOverall}), the
 * v4 overall shown as every report shows it: partial (the value over the categories run and the weight not run) unless
 * every weighted category was run. Two partial values over different categories are not the same quantity; the row
 * says whether the categories match.
 */
public final class BfclOverallComparison {
    private BfclOverallComparison() {}

    /** One model's BFCL overall in A and in B (null where the campaign has no BFCL cell of that model). */
    public record Row(String model, BfclOverall a, BfclOverall b) {
        public boolean sameCategories() {
            return a != null && b != null && a.categories().equals(b.categories());
        }
    }

    public static List<Row> of(CampaignReport a, CampaignReport b) {
        Map<String, BfclOverall> inA = byModel(a);
        Map<String, BfclOverall> inB = byModel(b);
        Set<String> models = new LinkedHashSet<>(inA.keySet());
        models.addAll(inB.keySet());
        List<Row> rows = new ArrayList<>();
        models.forEach(m -> rows.add(new Row(m, inA.get(m), inB.get(m))));
        return rows;
    }

    private static Map<String, BfclOverall> byModel(CampaignReport report) {
        Map<String, BfclOverall> out = new LinkedHashMap<>();
        BfclOverall.of(report.cells()).forEach(o -> out.put(o.model(), o));
        return out;
    }

    public static String markdown(String campaignA, String campaignB, List<Row> rows) {
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## BFCL overall per model\n\n| model | same categories | overall (weighted) A | overall (weighted) B"
                + " | BFCL v4 overall A (" + campaignA + ") | BFCL v4 overall B (" + campaignB + ") |\n|---|---|---:|---:|---|---|\n");
        for (Row r : rows) {
            md.append("| ").append(r.model()).append(" | ").append(r.sameCategories() ? "yes" : "no").append(" | ")
                    .append(r.a() == null ? "–" : MarkdownReportRenderer.format(r.a().weighted())).append(" | ")
                    .append(r.b() == null ? "–" : MarkdownReportRenderer.format(r.b().weighted())).append(" | ")
                    .append(r.a() == null ? "–" : r.a().v4Text()).append(" | ").append(r.b() == null ? "–" : r.b().v4Text()).append(" |\n");
        }
        return md.toString();
    }

    public static List<Map<String, Object>> json(List<Row> rows) {
        return rows.stream().map(r -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("model", r.model());
            m.put("same_categories", r.sameCategories());
            m.put("a", side(r.a()));
            m.put("b", side(r.b()));
            return m;
        }).toList();
    }

    private static Map<String, Object> side(BfclOverall o) {
        if (o == null) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("categories", o.categories());
        m.put("samples", o.samples());
        m.put("unscored", o.unscored());
        m.put("overall_weighted", o.weighted());
        m.put("v4_complete", o.v4Complete());
        m.put(o.v4Complete() ? "v4_overall" : "v4_partial_over_run", o.v4Complete() ? o.v4Overall() : o.v4OverRun());
        m.put("v4_weight_run", o.v4WeightRun());
        m.put("v4_missing_weights", o.v4MissingWeights());
        m.put("v4_text", o.v4Text());
        return m;
    }
}
