package dev.ibench.core.report;

import java.util.List;

/** Renders a campaign report as a self-contained HTML page (no external assets). */
public final class HtmlReportRenderer {
    private HtmlReportRenderer() {}

    public static String render(CampaignReport report) {
        StringBuilder h = new StringBuilder("<!doctype html><html><head><meta charset=\"utf-8\"><title>Campaign ")
                .append(escape(report.name())).append("</title><style>body{font-family:sans-serif;margin:2em}"
                        + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}"
                        + "td:first-child,th:first-child{text-align:left}</style></head><body>");
        h.append("<h1>Campaign ").append(escape(report.name())).append(" <small>").append(escape(report.campaignId()))
                .append("</small></h1><p>Generated ").append(escape(report.generatedAt()))
                .append(". Values are means over trials; ± is the standard deviation.</p>");
        h.append("<table><tr><th>model</th><th>benchmark</th><th>mode</th><th>scored</th><th>infra errors</th><th>rejected</th><th>pending</th>");
        ReportMetrics.HEADLINE.forEach(k -> h.append("<th>").append(escape(k)).append("</th>"));
        h.append("</tr>");
        for (CellReport cell : report.cells()) {
            h.append("<tr><td>").append(escape(cell.model())).append("</td><td>").append(escape(cell.benchmark()))
                    .append("</td><td>").append(escape(cell.modeShown())).append("</td><td>").append(cell.scored()).append('/')
                    .append(cell.samples() * cell.trials()).append("</td><td>").append(cell.infraErrors()).append("</td><td>")
                    .append(cell.rejected()).append("</td><td>").append(cell.pending()).append("</td>");
            for (String key : ReportMetrics.HEADLINE) {
                h.append("<td>").append(escape(MarkdownReportRenderer.format(cell.metrics().get(key)))).append("</td>");
            }
            h.append("</tr>");
        }
        h.append("</table>");
        List<BfclOverall> bfcl = BfclOverall.of(report.cells());
        if (!bfcl.isEmpty()) {
            h.append("<h2>BFCL overall per model</h2><table><tr><th>model</th><th>categories</th><th>samples</th>"
                    + "<th>overall (weighted)</th><th>overall (unweighted)</th></tr>");
            for (BfclOverall b : bfcl) {
                h.append("<tr><td>").append(escape(b.model())).append("</td><td>").append(escape(String.join(", ", b.categories())))
                        .append("</td><td>").append(b.samples()).append("</td><td>").append(escape(MarkdownReportRenderer.format(b.weighted())))
                        .append("</td><td>").append(escape(MarkdownReportRenderer.format(b.unweighted()))).append("</td></tr>");
            }
            h.append("</table>");
        }
        for (CellReport cell : report.cells()) {
            h.append("<h2>").append(escape(cell.model() + " on " + cell.benchmark() + " (" + cell.modeShown() + ")")).append("</h2>");
            if (cell.ablationMaterial() != null) {
                material(h, cell.ablationMaterial());
            }
            h.append("<table>");
            cell.metrics().forEach((k, v) -> h.append("<tr><td>").append(escape(k)).append("</td><td>")
                    .append(escape(MarkdownReportRenderer.format(v))).append("</td></tr>"));
            cell.errorCategories().forEach((k, v) -> h.append("<tr><td>errors: ").append(escape(k)).append("</td><td>")
                    .append(v).append("</td></tr>"));
            h.append("</table>");
        }
        return h.append("</body></html>").toString();
    }

    private static void material(StringBuilder h, AblationMaterial m) {
        boolean paraphrase = "paraphrase".equals(m.ablation());
        h.append("<p>").append(escape(m.summary())).append("</p><table><tr><th>sample</th><th>")
                .append(paraphrase ? "original question</th><th>rewrite</th><th>similarity</th><th>used"
                        : "gold tool</th><th>written tool</th><th>similarity</th><th>kept")
                .append("</th><th>reason</th></tr>");
        for (AblationMaterial.Row r : m.rows()) {
            h.append("<tr><td>").append(escape(r.sampleId())).append("</td><td>").append(escape(r.origin())).append("</td><td>")
                    .append(escape(r.written())).append("</td><td>").append(AblationMaterial.similarity(r.similarity())).append("</td><td>")
                    .append(r.kept() ? "yes" : "no").append("</td><td>").append(escape(r.reason())).append("</td></tr>");
        }
        h.append("</table>");
    }

    private static String escape(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
