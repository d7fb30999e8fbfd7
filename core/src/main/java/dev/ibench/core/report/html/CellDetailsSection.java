package dev.ibench.core.report.html;

import dev.ibench.core.report.AblationMaterial;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.FormatSensitivityText;

/**
 * Every metric of every cell, its error categories, what a model wrote for its ablation, a format_sensitivity cell's stats
 * as rescore prints them, and its Temporal UI link.
 */
final class CellDetailsSection implements HtmlSection {
    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        h.append("<h2 id=\"cells\">Cells</h2>");
        for (CellReport cell : data.report().cells()) {
            h.append("<h3 id=\"cell-").append(Html.escape(cell.cellId())).append("\">")
                    .append(Html.escape(cell.model() + " on " + cell.benchmark() + " (" + cell.modeShown() + ")")).append("</h3>");
            String link = data.links().cell(cell.cellId());
            if (link != null) {
                h.append("<p><a class=\"temporal-ui\" href=\"").append(Html.escape(link)).append("\">cell workflow in the Temporal UI</a></p>");
            }
            if (cell.ablationMaterial() != null) {
                material(h, cell.ablationMaterial());
            }
            h.append("<details><summary>every metric of this cell</summary><table>");
            cell.metrics().forEach((k, v) -> h.append("<tr><td>").append(Html.escape(k)).append("</td><td>")
                    .append(Html.metric(v)).append("</td></tr>"));
            cell.errorCategoriesHit().forEach((k, v) -> h.append("<tr><td>errors: ").append(Html.escape(k)).append("</td><td>")
                    .append(v).append("</td></tr>"));
            h.append("</table></details>");
            for (FormatSensitivityText.Trial t : FormatSensitivityText.of(cell)) {
                h.append("<p>").append(Html.escape(t.heading())).append(":</p><pre>").append(Html.escape(t.text())).append("</pre>");
            }
        }
    }

    private static void material(StringBuilder h, AblationMaterial m) {
        boolean paraphrase = "paraphrase".equals(m.ablation());
        h.append("<p>").append(Html.escape(m.summary())).append("</p><table><tr><th>sample</th><th>")
                .append(paraphrase ? "original question</th><th>rewrite</th><th>similarity</th><th>used"
                        : "gold tool</th><th>written tool</th><th>similarity</th><th>kept")
                .append("</th><th>reason</th></tr>");
        for (AblationMaterial.Row r : m.rows()) {
            h.append("<tr><td>").append(Html.escape(r.sampleId())).append("</td><td>").append(Html.escape(r.origin())).append("</td><td>")
                    .append(Html.escape(r.written())).append("</td><td>").append(AblationMaterial.similarity(r.similarity())).append("</td><td>")
                    .append(r.kept() ? "yes" : "no").append("</td><td>").append(Html.escape(r.reason())).append("</td></tr>");
        }
        h.append("</table>");
    }
}
