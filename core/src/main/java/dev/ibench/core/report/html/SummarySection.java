package dev.ibench.core.report.html;

import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.ReportMetrics;
import java.util.List;

/** Every cell in one table: counts of scored, infra errors, rejected and pending items and the headline metrics; BFCL overall per model. */
final class SummarySection implements HtmlSection {
    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        h.append("<h2 id=\"summary\">All cells</h2><table class=\"summary\"><tr><th>model</th><th>benchmark</th><th>mode</th><th>scored</th>"
                + "<th>infra errors</th><th>rejected</th><th>pending</th>");
        ReportMetrics.HEADLINE.forEach(k -> h.append("<th>").append(Html.escape(k)).append("</th>"));
        h.append("</tr>");
        for (CellReport cell : data.report().cells()) {
            h.append("<tr><td>").append(Html.escape(cell.model())).append("</td><td>").append(Html.escape(cell.benchmark()))
                    .append("</td><td>").append(Html.escape(cell.modeShown())).append("</td><td>").append(cell.scored()).append('/')
                    .append(cell.samples() * cell.trials()).append("</td><td>").append(cell.infraErrors()).append("</td><td>")
                    .append(cell.rejected()).append("</td><td>").append(cell.pending()).append("</td>");
            for (String key : ReportMetrics.HEADLINE) {
                h.append("<td>").append(Html.metric(cell.metrics().get(key))).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</table>");
        List<BfclOverall> bfcl = BfclOverall.of(data.report().cells());
        if (!bfcl.isEmpty()) {
            h.append("<h2>BFCL overall per model</h2><table><tr><th>model</th><th>categories</th><th>samples</th>"
                    + "<th>overall (weighted)</th><th>overall (unweighted)</th><th>BFCL v4 overall</th></tr>");
            for (BfclOverall b : bfcl) {
                h.append("<tr><td>").append(Html.escape(b.model())).append("</td><td>").append(Html.escape(String.join(", ", b.categories())))
                        .append("</td><td>").append(b.samples()).append("</td><td>").append(Html.escape(MarkdownReportRenderer.format(b.weighted())))
                        .append("</td><td>").append(Html.escape(MarkdownReportRenderer.format(b.unweighted())))
                        .append("</td><td>").append(Html.escape(MarkdownReportRenderer.format(b.v4Overall()))).append("</td></tr>");
            }
            h.append("</table>");
        }
    }
}
