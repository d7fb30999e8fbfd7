package dev.ibench.core.report.compare;

import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.StandingColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The denominators beside a comparison: for each cell (paired by the same coordinates as {@link CampaignComparison}),
 * its state, planned, scored, rejected and infra_error counts and completion over scored and over planned in A and in
 * B, so a delta over the paired samples is read next to what each side left out.
 */
public final class StandingsComparison {
    private StandingsComparison() {}

    /** One cell's standing in A and in B (null where that campaign has no such cell). */
    public record Row(String cell, CellStanding a, CellStanding b) {}

    public static List<Row> of(CampaignReport a, CampaignReport b) {
        Map<String, CellStanding> inA = byKey(a);
        Map<String, CellStanding> inB = byKey(b);
        Set<String> keys = new LinkedHashSet<>(inA.keySet());
        keys.addAll(inB.keySet());
        List<Row> rows = new ArrayList<>();
        keys.forEach(k -> rows.add(new Row(k, inA.get(k), inB.get(k))));
        return rows;
    }

    /** Two cells of one campaign, side by side as A and B in one row. */
    public static List<Row> ofCells(CampaignReport report, String cellA, String cellB) {
        return List.of(new Row(cellA + " vs " + cellB, standingOf(report, cellA), standingOf(report, cellB)));
    }

    private static CellStanding standingOf(CampaignReport report, String cellId) {
        return report.cells().stream().filter(c -> c.cellId().equals(cellId)).findFirst().map(report::standing).orElse(null);
    }

    /** As {@code SampleRow.cellKey}: model, benchmark, mode and ablation. */
    static String key(CellReport c) {
        return c.model() + " · " + c.benchmark() + " · " + c.mode()
                + (c.ablation() == null || c.ablation().equals("none") ? "" : " · " + c.ablation());
    }

    private static Map<String, CellStanding> byKey(CampaignReport report) {
        Map<String, CellStanding> m = new LinkedHashMap<>();
        report.cells().forEach(c -> m.put(key(c), report.standing(c)));
        return m;
    }

    public static String markdown(String campaignA, String campaignB, List<Row> rows) {
        StringBuilder md = new StringBuilder("\n## Cell states and denominators\n\n| cell | campaign |");
        StandingColumns.HEADERS.forEach(h -> md.append(' ').append(h).append(" |"));
        md.append("\n|---|---|").append(StandingColumns.MARKDOWN_ALIGNMENT).append('\n');
        for (Row r : rows) {
            line(md, r.cell(), "A (" + campaignA + ")", r.a());
            line(md, r.cell(), "B (" + campaignB + ")", r.b());
        }
        return md.toString();
    }

    private static void line(StringBuilder md, String cell, String side, CellStanding s) {
        md.append("| ").append(cell).append(" | ").append(side).append(" |");
        if (s == null) {
            md.append(" no such cell |").append(" |".repeat(StandingColumns.HEADERS.size() - 1)).append('\n');
            return;
        }
        StandingColumns.values(s).forEach(v -> md.append(' ').append(v.replace("|", "\\|").replace("\n", " ")).append(" |"));
        md.append('\n');
    }

    /** JSON of one side ({@link CellStanding#jsonFields}); null where that campaign has no such cell. */
    static Map<String, Object> json(CellStanding s) {
        return s == null ? null : s.jsonFields();
    }
}
