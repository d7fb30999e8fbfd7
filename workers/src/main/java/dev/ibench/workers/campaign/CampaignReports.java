package dev.ibench.workers.campaign;

import dev.ibench.activities.report.CampaignReportBuilder;
import dev.ibench.activities.report.ReportProgress;
import dev.ibench.activities.report.StreamedHtmlReport;
import dev.ibench.activities.report.StreamedJsonReport;
import dev.ibench.activities.spend.SpendReportSection;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.MarkdownReportRenderer;
import dev.ibench.core.report.html.CellLinks;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.time.Clock;
import java.util.List;

/**
 * A campaign's report from the results store in one of {@link #FORMATS}: every metric per cell with the spend section;
 * html is one offline page with the seed's tables, charts and a per-sample drill-down linked to the Temporal UI.
 * The store is read in pages and cell by cell (docs/reports.md#memory-and-progress): json is written as each cell is
 * built, md keeps each cell's metrics only, html keeps each cell's metrics and spools its sample rows to a temporary
 * file of the home's scratch folder, so none holds the campaign's per-sample scores.
 */
public final class CampaignReports {
    public static final List<String> FORMATS = List.of("md", "json", "html");
    private final CampaignServices services;
    private final int pageSize;
    private final ReportProgress progress;

    private final Clock clock;

    public CampaignReports(CampaignServices services) {
        this(services, CampaignReportBuilder.DEFAULT_PAGE_SIZE, ReportProgress.NONE);
    }

    public CampaignReports(CampaignServices services, int pageSize, ReportProgress progress) {
        this(services, pageSize, progress, Clock.systemUTC());
    }

    /** {@code pageSize}: results read per store query; {@code clock}: the report's {@code generated_at}. */
    public CampaignReports(CampaignServices services, int pageSize, ReportProgress progress, Clock clock) {
        this.services = services;
        this.pageSize = pageSize;
        this.progress = progress;
        this.clock = clock;
    }

    /** The report of campaign {@code id}; html shows the drill-down of the first {@code drillDown} items of each cell. */
    public String render(String id, String format, int drillDown, CellLinks links) {
        StringWriter out = new StringWriter();
        write(id, format, drillDown, links, out);
        return out.toString();
    }

    /** Writes the report of campaign {@code id} to {@code out} (json as it is built; md once built; html section by section). */
    public void write(String id, String format, int drillDown, CellLinks links, Writer out) {
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException("--format must be md, json or html, got '" + format + "'");
        }
        try {
            switch (format) {
                case "json" -> writeJson(id, out);
                case "md" -> {
                    CampaignReport report = builder().stream(id, now(), 0, row -> {}, (cell, standing) -> {});
                    out.write(SpendReportSection.of(services.store(), services.spend(), id).appendTo(format, MarkdownReportRenderer.render(report)));
                }
                default -> StreamedHtmlReport.write(builder(), services.store(), services.spend(), id, now(), drillDown, links, services.home().scratch(), out);
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report of " + id + ": " + e.getMessage(), e);
        }
    }

    private void writeJson(String id, Writer out) {
        StreamedJsonReport.write(builder(), services.store(), services.spend(), id, now(), services.home().scratch(), out);
    }

    private CampaignReportBuilder builder() {
        return new CampaignReportBuilder(services.store(), services.evalSets(), services::scorerOf, pageSize).progress(progress);
    }

    private String now() {
        return clock.instant().toString();
    }
}
