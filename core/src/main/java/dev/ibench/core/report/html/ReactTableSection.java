package dev.ibench.core.report.html;

import dev.ibench.core.report.CellReport;
import java.util.List;

/**
 * Seed 000 Table 2 over the campaign's ReACT cells without ablation: per benchmark and model, the base completion
 * (the same model's direct cell, when the campaign has one), the agent's completion (win rate), average loops,
 * out-of-budget, stuck and unclassified shares.
 */
final class ReactTableSection implements HtmlSection {
    static final List<String> METRICS = List.of("completion_rate", "react.avg_loops", "react.oob", "react.stuck", "react.unclassified");

    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        List<CellReport> cells = data.report().cells().stream()
                .filter(c -> c.mode().equals("react") && HtmlReportData.ablationOf(c).equals("none")).toList();
        if (cells.isEmpty()) {
            return;
        }
        h.append("<h2 id=\"table2\">ReACT agents (seed Table 2)</h2><table class=\"paper\" id=\"react-table\">");
        Html.header(h, "dataset", "model", "base comp.", "agent comp.", "avg. loops", "OOB", "stuck", "unclassified");
        for (String benchmark : cells.stream().map(CellReport::benchmark).distinct().toList()) {
            List<CellReport> rows = cells.stream().filter(c -> c.benchmark().equals(benchmark)).toList();
            for (int i = 0; i < rows.size(); i++) {
                CellReport cell = rows.get(i);
                h.append("<tr data-model=\"").append(Html.escape(cell.model())).append("\" data-benchmark=\"").append(Html.escape(benchmark)).append("\">");
                if (i == 0) {
                    h.append("<td class=\"label\" rowspan=\"").append(rows.size()).append("\">").append(Html.escape(benchmark)).append("</td>");
                }
                h.append("<td class=\"label\">").append(Html.escape(cell.model())).append("</td><td>")
                        .append(Html.metric(data.cell(cell.model(), benchmark, "direct", "none").map(c -> c.metrics().get("completion_rate")).orElse(null)))
                        .append("</td>");
                for (String key : METRICS) {
                    h.append("<td>").append(Html.metric(cell.metrics().get(key))).append("</td>");
                }
                h.append("</tr>");
            }
        }
        h.append("</table><p class=\"muted\">OOB: out of the step budget; stuck: the same step repeated; both may hold for one sample.</p>");
    }
}
