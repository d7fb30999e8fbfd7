package dev.ibench.core.report.html;

import dev.ibench.core.report.CampaignReport;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Renders a campaign report as one self-contained HTML page: no scripts, fonts or styles from elsewhere, charts as
 * inline SVG, so the file reads offline. The page is the {@link #SECTIONS} in order.
 */
public final class HtmlReportRenderer {
    /** The report's parts, in page order: add a part of the report here. */
    public static final List<HtmlSection> SECTIONS = List.of(
            new SummarySection(),
            new DirectTableSection(),
            new ReactTableSection(),
            new ErrorCategoriesSection(),
            new MetricChartsSection(),
            new AblationChartsSection(),
            new CellDetailsSection(),
            new SpendSection(),
            new DrillDownSection());

    private static final String STYLE = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:2em;color:#222;max-width:1400px}"
            + "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right;white-space:nowrap}"
            + "td:first-child,th:first-child{text-align:left}th{background:#f3f3f3}td.label{text-align:left}"
            + "table.paper td:nth-child(2),table.paper th:nth-child(2){text-align:left}table.summary td:nth-child(-n+3){text-align:left}"
            + "h2{margin-top:1.6em;border-bottom:1px solid #ddd}.charts{display:flex;flex-wrap:wrap;gap:16px}"
            + "svg.chart{background:#fff;border:1px solid #eee}details{margin:.3em 0 .3em 1em}summary{cursor:pointer}"
            + "pre{background:#f7f7f7;padding:6px;white-space:pre-wrap;word-break:break-word;max-height:24em;overflow:auto}"
            + ".ok{color:#0a6e31}.bad{color:#b00020}.muted{color:#666}.wide{overflow-x:auto;max-width:100%}.wide table{margin:0}";

    private HtmlReportRenderer() {}

    /** The page without per-sample rows or UI links (the tables and charts only). */
    public static String render(CampaignReport report) {
        return render(new HtmlReportData(report, List.of(), CellLinks.NONE));
    }

    public static String render(HtmlReportData data) {
        StringBuilder h = head(data.report());
        for (HtmlSection section : SECTIONS) {
            section.render(data, h);
        }
        return h.append("</body></html>").toString();
    }

    /**
     * Writes the page of {@code data} (whose own sample rows are not used) with the Samples section from {@code samples}:
     * byte for byte {@link #render(HtmlReportData)} of the same report with the spooled rows, without the campaign's
     * rows or page in memory (docs/reports.md#memory-and-progress).
     */
    public static void write(HtmlReportData data, DrillDownSpool samples, Writer out) throws IOException {
        StringBuilder h = head(data.report());
        for (HtmlSection section : SECTIONS) {
            if (section instanceof DrillDownSection) {
                out.append(h);
                h.setLength(0);
                samples.writeTo(data.report().cells(), out);
            } else {
                section.render(data, h);
            }
        }
        out.append(h.append("</body></html>"));
    }

    private static StringBuilder head(CampaignReport report) {
        StringBuilder h = new StringBuilder("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Campaign ")
                .append(Html.escape(report.name())).append("</title><style>").append(STYLE).append("</style></head><body>");
        h.append("<h1>Campaign ").append(Html.escape(report.name())).append(" <small>").append(Html.escape(report.campaignId()))
                .append("</small></h1><p>Generated ").append(Html.escape(report.generatedAt()))
                .append(". Values are means over trials; ± and error bars are the standard deviation over trials.</p>");
        return h;
    }
}
