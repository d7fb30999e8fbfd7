package dev.ibench.activities.report;

import dev.ibench.activities.spend.SpendReportSection;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.html.CellLinks;
import dev.ibench.core.report.html.DrillDownSpool;
import dev.ibench.core.report.html.HtmlReportData;
import dev.ibench.core.report.html.HtmlReportRenderer;
import dev.ibench.core.scratch.ScratchFolder;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The HTML campaign report read from the store in pages: the cells are kept as the Markdown keeps them (metrics,
 * standings, BFCL verdicts), each sample row goes to a {@link DrillDownSpool} as it is read, and the page is written
 * section by section. Byte for byte what {@code HtmlReportRenderer.render} gives for the whole report with every row
 * in memory (docs/reports.md#memory-and-progress).
 */
public final class StreamedHtmlReport {
    private StreamedHtmlReport() {}

    /** {@code drillDown}: the rows of each cell that show their prompt, outputs and trace; {@code scratch}: where the rows are spooled. */
    public static void write(CampaignReportBuilder builder, ResultsStore store, SpendStore spend, String campaignId, String generatedAt,
                             int drillDown, CellLinks links, ScratchFolder scratch, Writer out) throws IOException {
        try (DrillDownSpool samples = new DrillDownSpool(scratch)) {
            CampaignReport kept = builder.stream(campaignId, generatedAt, drillDown, samples, (cell, standing) -> {});
            SpendReportSection spendSection = SpendReportSection.of(store, spend, campaignId);
            HtmlReportRenderer.write(new HtmlReportData(kept, List.of(), links, spendSection.report()), samples, out);
        }
    }
}
