package dev.ibench.core.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.score.ScoreReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Renders a campaign report as JSON; each trial's scores use the layout of {@code ibench rescore --json}. */
public final class JsonReportRenderer {
    private JsonReportRenderer() {}

    public static String render(CampaignReport report) {
        Map<String, Object> root = header(report.campaignId(), report.name(), report.generatedAt(), report.universes(),
                BenchmarkUniverse.shares(report));
        List<Object> cells = new ArrayList<>();
        for (CellReport cell : report.cells()) {
            cells.add(cell(cell, report.standing(cell)));
        }
        root.put("cells", cells);
        List<Object> bfcl = bfclOverall(report.cells());
        if (!bfcl.isEmpty()) {
            root.put("bfcl_overall", bfcl);
        }
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render report of " + report.campaignId(), e);
        }
    }

    /** The fields before {@code cells}: the campaign and, when it has universe cells, the tool universes ({@code shares}: the columns). */
    static Map<String, Object> header(String campaignId, String name, String generatedAt, List<BenchmarkUniverse> universes,
                                      List<Integer> shares) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("campaign_id", campaignId);
        root.put("name", name);
        root.put("generated_at", generatedAt);
        if (!universes.isEmpty()) {
            List<Object> rows = new ArrayList<>();
            for (BenchmarkUniverse u : universes) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("benchmark", u.benchmark());
                row.put("database", u.size().database());
                row.put("tools", u.size().tools());
                Map<String, Integer> offered = new LinkedHashMap<>();
                shares.forEach(p -> offered.put(p + "%", u.size().offered(p)));
                row.put("offered", offered);
                rows.add(row);
            }
            root.put("tool_universes", rows);
        }
        return root;
    }

    /** One element of {@code cells}: the cell, its standing, metrics and every trial's scores with its per-sample rows. */
    static Map<String, Object> cell(CellReport cell, CellStanding standing) {
        Map<String, Object> c = cellHead(cell, standing);
        c.put("trial_reports", cell.trialReports().stream().map(ScoreReport::toJsonTree).toList());
        return c;
    }

    /** The fields of {@link #cell} before {@code trial_reports} (which comes last). */
    static Map<String, Object> cellHead(CellReport cell, CellStanding standing) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("cell_id", cell.cellId());
        c.put("model", cell.model());
        c.put("benchmark", cell.benchmark());
        c.put("mode", cell.mode());
        c.put("ablation", cell.ablation());
        if (cell.ablationMaterial() != null) {
            c.put("ablation_material", cell.ablationMaterial());
        }
        c.put("samples", cell.samples());
        c.put("trials", cell.trials());
        c.putAll(standing.jsonFields());
        c.put("metrics", cell.metrics());
        c.put("error_categories", cell.errorCategories());
        return c;
    }

    /** {@code bfcl_overall}: per model over its BFCL cells (empty without BFCL cells, and then left out). */
    static List<Object> bfclOverall(List<CellReport> cells) {
        List<Object> bfcl = new ArrayList<>();
        for (BfclOverall b : BfclOverall.of(cells)) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("model", b.model());
            m.put("categories", b.categories());
            m.put("samples", b.samples());
            m.put("unscored", b.unscored());
            m.put("overall_weighted", b.weighted());
            m.put("overall_weighted_scored_only", b.weightedScoredOnly());
            m.put("overall_unweighted", b.unweighted());
            m.put("v4", v4(b));
            bfcl.add(m);
        }
        return bfcl;
    }

    /**
     * BFCL v4's overall: {@code complete} when every weighted category was run; else partial, with the value over the
     * categories run, the weight run (of 100), the weight missing per section and the leaderboard formula's number
     * (categories not run at 0) under a name that says so.
     */
    private static Map<String, Object> v4(BfclOverall b) {
        Map<String, Object> v4 = new LinkedHashMap<>();
        v4.put("complete", b.v4Complete());
        if (b.v4Complete()) {
            v4.put("overall", b.v4Overall());
        } else {
            v4.put("partial_over_run", b.v4OverRun());
            v4.put("weight_run", b.v4WeightRun());
            v4.put("missing_weights", b.v4MissingWeights());
            v4.put("not_run", b.v4NotRun());
            v4.put("leaderboard_formula_not_run_as_0", b.v4Overall());
        }
        v4.put("text", b.v4Text());
        return v4;
    }
}
