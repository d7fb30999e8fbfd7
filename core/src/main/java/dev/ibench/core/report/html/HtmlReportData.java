package dev.ibench.core.report.html;

import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.SpendReport;
import java.util.List;
import java.util.Optional;

/**
 * What the HTML report shows: the campaign report, every sample's row (with its drill-down detail), each cell's link and
 * the campaign's spend ({@link SpendReport#NONE}: no spend section).
 */
public record HtmlReportData(CampaignReport report, List<SampleRow> samples, CellLinks links, SpendReport spend) {

    public HtmlReportData {
        samples = List.copyOf(samples);
        links = links == null ? CellLinks.NONE : links;
        spend = spend == null ? SpendReport.NONE : spend;
    }

    public HtmlReportData(CampaignReport report, List<SampleRow> samples, CellLinks links) {
        this(report, samples, links, SpendReport.NONE);
    }

    /** The cell of a model on a benchmark in a mode with an ablation ({@code none} for none), if the campaign has it. */
    public Optional<CellReport> cell(String model, String benchmark, String mode, String ablation) {
        return report.cells().stream().filter(c -> c.model().equals(model) && c.benchmark().equals(benchmark)
                && c.mode().equals(mode) && ablationOf(c).equals(ablation)).findFirst();
    }

    static String ablationOf(CellReport cell) {
        return cell.ablation() == null ? "none" : cell.ablation();
    }
}
