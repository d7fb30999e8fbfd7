package dev.ibench.core.report.html;

import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.SampleDetail;
import dev.ibench.core.report.SampleRow;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * Per-sample drill-down, collapsed by default: per cell, every sample's trial with its question, rendered prompt, raw
 * output(s), the model's reasoning (kept apart, never parsed), parsed calls, execution trace, gold sequence and every lost
 * point. All text is escaped.
 */
final class DrillDownSection implements HtmlSection {
    @Override
    public void render(HtmlReportData data, StringBuilder h) {
        if (data.samples().isEmpty()) {
            return;
        }
        heading(h);
        for (CellReport cell : data.report().cells()) {
            List<SampleRow> rows = data.samples().stream().filter(r -> r.cellId().equals(cell.cellId())).toList();
            if (rows.isEmpty()) {
                continue;
            }
            cellStart(h, cell, rows.size());
            for (SampleRow row : rows) {
                sample(h, row);
            }
            cellEnd(h, rows.stream().filter(r -> r.detail() == null).count());
        }
    }

    /** The section's heading (written when any cell has a row). */
    static void heading(StringBuilder h) {
        h.append("<h2 id=\"samples\">Samples</h2>");
    }

    /** Opens a cell's list of {@code items} rows. */
    static void cellStart(StringBuilder h, CellReport cell, long items) {
        h.append("<details class=\"cell-samples\" data-cell=\"").append(Html.escape(cell.cellId())).append("\"><summary>")
                .append(Html.escape(cell.model() + " on " + cell.benchmark() + " (" + cell.modeShown() + "): " + items + " items"))
                .append("</summary>");
    }

    /** Closes a cell's list, saying how many of its rows were listed without their detail. */
    static void cellEnd(StringBuilder h, long withoutDetail) {
        if (withoutDetail > 0) {
            h.append("<p class=\"muted\">").append(withoutDetail).append(" items listed with their scores only (campaign report --drill-down N"
                    + " shows more; campaign export has every score).</p>");
        }
        h.append("</details>");
    }

    /** One row: its verdict, scores and, when it has one, its detail. */
    static void sample(StringBuilder h, SampleRow row) {
        Double completed = row.scores().get("completed");
        String verdict = !row.status().equals("scored") ? row.status()
                : completed == null ? "scored" : completed == 1.0 ? "completed" : "not completed";
        h.append("<details class=\"sample\" data-sample=\"").append(Html.escape(row.sampleId())).append("\"><summary><span class=\"")
                .append(verdict.equals("completed") ? "ok" : verdict.equals("scored") ? "muted" : "bad").append("\">")
                .append(Html.escape(row.sampleId() + " · trial " + row.trial() + " · " + verdict)).append("</span></summary>");
        if (!row.scores().isEmpty()) {
            h.append("<p class=\"scores\">");
            new TreeMap<>(row.scores()).forEach((k, v) -> h.append(Html.escape(k)).append(" = ")
                    .append(String.format(Locale.ROOT, "%.3f", v)).append("; "));
            h.append("</p>");
        }
        SampleDetail d = row.detail();
        if (d != null) {
            block(h, "question", d.question());
            if (d.error() != null) {
                block(h, "error", d.error());
            }
            block(h, "rendered prompt", d.prompt());
            block(h, "reasoning (not parsed)", d.reasoning());
            for (int i = 0; i < d.rawOutputs().size(); i++) {
                block(h, d.rawOutputs().size() == 1 ? "raw output" : "raw output, step " + i, d.rawOutputs().get(i));
            }
            block(h, "parsed calls", d.parsedCalls());
            if (!d.trace().isEmpty()) {
                block(h, "execution trace", String.join("\n", d.trace()));
            }
            block(h, "gold", d.gold());
            if (!d.lostPoints().isEmpty()) {
                h.append("<div class=\"lost-points\"><b>lost points</b><ul>");
                d.lostPoints().forEach(p -> h.append("<li>").append(Html.escape(p)).append("</li>"));
                h.append("</ul></div>");
            }
        }
        h.append("</details>");
    }

    private static void block(StringBuilder h, String title, String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        h.append("<details><summary>").append(Html.escape(title)).append("</summary><pre>").append(Html.escape(text)).append("</pre></details>");
    }

}
