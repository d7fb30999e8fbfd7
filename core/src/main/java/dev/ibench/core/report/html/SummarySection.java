package dev.ibench.core.report.html;

import dev.ibench.core.report.BfclOverall;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.ReportMetrics;
import dev.ibench.core.report.StandingColumns;
import java.util.List;

/**
 * Every cell in one table: its state and denominators ({@link StandingColumns}: planned, scored, rejected, infra errors,
 * pending, completion over scored and over planned) and the headline metrics that apply to some cell
 * ({@link ReportMetrics#headline}); BFCL overall per model. The table scrolls sideways in its own box when it is wider
 * than the page.
 */
final class SummarySection implements HtmlSection {
    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        h.append("<h2 id=\"summary\">All cells</h2><div class=\"wide\"><table class=\"summary\"><tr><th>model</th><th>benchmark</th><th>mode</th>");
        StandingColumns.HEADERS.forEach(k -> h.append("<th>").append(Html.escape(k)).append("</th>"));
        List<String> headline = ReportMetrics.headline(data.report().cells());
        headline.forEach(k -> h.append("<th>").append(Html.escape(k)).append("</th>"));
        h.append("</tr>");
        for (CellReport cell : data.report().cells()) {
            h.append("<tr><td>").append(Html.escape(cell.model())).append("</td><td>").append(Html.escape(cell.benchmark()))
                    .append("</td><td>").append(Html.escape(cell.modeShown())).append("</td>");
            StandingColumns.values(data.report().standing(cell)).forEach(v -> h.append("<td>").append(Html.escape(v)).append("</td>"));
            for (String key : headline) {
                h.append("<td>").append(Html.metric(cell.metrics().get(key))).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</table></div>");
        List<BfclOverall> bfcl = BfclOverall.of(data.report().cells());
        if (!bfcl.isEmpty()) {
            h.append("<h2>BFCL overall per model</h2><p>Denominators as bfcl-eval's: an entry without a model output (rejected,"
                    + " infra_error) counts as bfcl-eval counts an inference error (wrong, except in the irrelevance categories).</p>"
                    + "<table><tr><th>model</th><th>categories</th><th>entries</th><th>without output</th>"
                    + "<th>overall (weighted)</th><th>weighted, scored only</th><th>overall (unweighted)</th><th>BFCL v4 overall</th></tr>");
            for (BfclOverall b : bfcl) {
                h.append("<tr><td>").append(Html.escape(b.model())).append("</td><td>").append(Html.escape(String.join(", ", b.categories())))
                        .append("</td><td>").append(b.samples()).append("</td><td>").append(b.unscored())
                        .append("</td><td>").append(Html.escape(MarkdownReportRenderer.format(b.weighted())))
                        .append("</td><td>").append(Html.escape(MarkdownReportRenderer.format(b.weightedScoredOnly())))
                        .append("</td><td>").append(Html.escape(MarkdownReportRenderer.format(b.unweighted())))
                        .append("</td><td>").append(Html.escape(b.v4Text())).append("</td></tr>");
            }
            h.append("</table>");
        }
    }
}
