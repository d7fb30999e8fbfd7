package dev.ibench.core.report.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes a {@link CampaignComparison} as a Markdown report or as JSON ({@code ibench campaign compare --json}). */
public final class ComparisonRenderer {
    private ComparisonRenderer() {}

    public static String markdown(CampaignComparison c) {
        StringBuilder md = new StringBuilder(CampaignComparison.CELLS.equals(c.subject()) ? "# Cell " : "# Campaign ")
                .append(c.campaignB()).append(" vs ").append(c.campaignA()).append("\n\n")
                .append("Delta = B (").append(c.campaignB()).append(") minus A (").append(c.campaignA())
                .append(") over the samples both scored; 95% paired bootstrap interval, ").append(c.resamples())
                .append(" resamples, seed ").append(c.seed()).append(".\n\n");
        md.append("| cell | paired samples | only in A | only in B |\n|---|---:|---:|---:|\n");
        c.cells().forEach(p -> md.append("| ").append(p.cell()).append(" | ").append(p.paired()).append(" | ").append(p.onlyA())
                .append(" | ").append(p.onlyB()).append(" |\n"));
        md.append("\n| cell | metric | n | A | B | delta | 95% interval |\n|---|---|---:|---:|---:|---:|---|\n");
        for (CampaignComparison.MetricDelta d : c.deltas()) {
            md.append("| ").append(d.cell()).append(" | ").append(d.metric()).append(" | ").append(d.samples()).append(" | ")
                    .append(f(d.meanA())).append(" | ").append(f(d.meanB())).append(" | ").append(signed(d.delta())).append(" | [")
                    .append(signed(d.lower())).append(", ").append(signed(d.upper())).append("] |\n");
        }
        return md.toString();
    }

    /** The comparison, then each cell's state and denominators in A and B ({@link StandingsComparison}). */
    public static String markdown(CampaignComparison c, List<StandingsComparison.Row> standings) {
        return markdown(c) + StandingsComparison.markdown(c.campaignA(), c.campaignB(), standings);
    }

    /** The comparison, the standings, then each model's BFCL overall in A and B ({@link BfclOverallComparison}). */
    public static String markdown(CampaignComparison c, List<StandingsComparison.Row> standings, List<BfclOverallComparison.Row> bfcl) {
        return markdown(c, standings) + BfclOverallComparison.markdown(c.campaignA(), c.campaignB(), bfcl);
    }

    public static String json(CampaignComparison c, List<StandingsComparison.Row> standings) {
        return write(root(c, standings));
    }

    public static String json(CampaignComparison c, List<StandingsComparison.Row> standings, List<BfclOverallComparison.Row> bfcl) {
        Map<String, Object> root = root(c, standings);
        if (!bfcl.isEmpty()) {
            root.put("bfcl_overall", BfclOverallComparison.json(bfcl));
        }
        return write(root);
    }

    public static String json(CampaignComparison c) {
        return write(root(c, null));
    }

    private static Map<String, Object> root(CampaignComparison c, List<StandingsComparison.Row> standings) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("compares", c.subject());
        root.put("campaign_a", c.campaignA());
        root.put("campaign_b", c.campaignB());
        root.put("seed", c.seed());
        root.put("resamples", c.resamples());
        // fields in the documented order (a Map.of copy had them in an order that changed from run to run)
        root.put("cells", c.cells().stream().map(p -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cell", p.cell());
            m.put("paired", p.paired());
            m.put("only_a", p.onlyA());
            m.put("only_b", p.onlyB());
            return m;
        }).toList());
        root.put("deltas", c.deltas().stream().map(ComparisonRenderer::delta).toList());
        if (standings != null) {
            root.put("standings", standings.stream().map(r -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("cell", r.cell());
                m.put("a", StandingsComparison.json(r.a()));
                m.put("b", StandingsComparison.json(r.b()));
                return m;
            }).toList());
        }
        return root;
    }

    private static String write(Map<String, Object> root) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the comparison", e);
        }
    }

    private static Map<String, Object> delta(CampaignComparison.MetricDelta d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cell", d.cell());
        m.put("metric", d.metric());
        m.put("samples", d.samples());
        m.put("mean_a", d.meanA());
        m.put("mean_b", d.meanB());
        m.put("delta", d.delta());
        m.put("ci95", List.of(d.lower(), d.upper()));
        return m;
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    private static String signed(double v) {
        return String.format(Locale.ROOT, "%+.3f", v);
    }
}
