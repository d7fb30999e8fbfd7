package dev.ibench.core.report.html;

import dev.ibench.core.report.CellReport;
import java.util.List;

/**
 * Seed 000 Table 1 over the campaign's direct cells without ablation: per benchmark (dataset and style) and model,
 * position-aware intent P/R/F1, slot P/R/F1, completion rate, and the SQL baseline's completion rate when the campaign
 * has a {@code sql} cell of that model and benchmark.
 */
final class DirectTableSection implements HtmlSection {
    static final List<String> METRICS = List.of(
            "intent.list.precision", "intent.list.recall", "intent.list.f1", "slot.precision", "slot.recall", "slot.f1", "completion_rate");

    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        List<CellReport> cells = data.report().cells().stream()
                .filter(c -> c.mode().equals("direct") && HtmlReportData.ablationOf(c).equals("none")).toList();
        if (cells.isEmpty()) {
            return;
        }
        h.append("<h2 id=\"table1\">Direct invocation (seed Table 1)</h2><table class=\"paper\" id=\"direct-table\">")
                .append("<tr><th rowspan=\"2\">dataset</th><th rowspan=\"2\">model</th><th colspan=\"3\">intent</th><th colspan=\"3\">slot</th>")
                .append("<th rowspan=\"2\">compl. rate</th><th rowspan=\"2\">SQL compl. rate</th></tr>")
                .append("<tr><th>P</th><th>R</th><th>F1</th><th>P</th><th>R</th><th>F1</th></tr>");
        for (String benchmark : cells.stream().map(CellReport::benchmark).distinct().toList()) {
            List<CellReport> rows = cells.stream().filter(c -> c.benchmark().equals(benchmark)).toList();
            for (int i = 0; i < rows.size(); i++) {
                CellReport cell = rows.get(i);
                h.append("<tr data-model=\"").append(Html.escape(cell.model())).append("\" data-benchmark=\"").append(Html.escape(benchmark)).append("\">");
                if (i == 0) {
                    h.append("<td class=\"label\" rowspan=\"").append(rows.size()).append("\">").append(Html.escape(benchmark)).append("</td>");
                }
                h.append("<td class=\"label\">").append(Html.escape(cell.model())).append("</td>");
                for (String key : METRICS) {
                    h.append("<td>").append(Html.metric(cell.metrics().get(key))).append("</td>");
                }
                h.append("<td>").append(Html.metric(data.cell(cell.model(), benchmark, "sql", "none")
                        .map(c -> c.metrics().get("completion_rate")).orElse(null))).append("</td></tr>");
            }
        }
        h.append("</table>");
    }
}
