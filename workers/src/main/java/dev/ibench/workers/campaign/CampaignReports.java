package dev.ibench.workers.campaign;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.spend.SpendReportSection;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.JsonReportRenderer;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.html.CellLinks;
import dev.ibench.core.report.html.HtmlReportData;
import dev.ibench.core.report.html.HtmlReportRenderer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A campaign's report from the results store in one of {@link #FORMATS}: every metric per cell with the spend section;
 * html is one offline page with the seed's tables, charts and a per-sample drill-down linked to the Temporal UI.
 */
public final class CampaignReports {
    public static final List<String> FORMATS = List.of("md", "json", "html");
    private final CampaignServices services;

    public CampaignReports(CampaignServices services) {
        this.services = services;
    }

    /** The report of campaign {@code id}; html shows the drill-down of the first {@code drillDown} items of each cell. */
    public String render(String id, String format, int drillDown, CellLinks links) {
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException("--format must be md, json or html, got '" + format + "'");
        }
        List<SampleRow> rows = new ArrayList<>();
        CampaignReport report = new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf)
                .build(id, Instant.now().toString(), format.equals("html") ? drillDown : 0, rows::add);
        SpendReportSection spend = SpendReportSection.of(services.store(), services.spend(), id);
        return switch (format) {
            case "md" -> spend.appendTo(format, MarkdownReportRenderer.render(report));
            case "json" -> spend.appendTo(format, JsonReportRenderer.render(report));
            default -> HtmlReportRenderer.render(new HtmlReportData(report, rows, links, spend.report()));
        };
    }
}
