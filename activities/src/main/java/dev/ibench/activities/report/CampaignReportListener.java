package dev.ibench.activities.report;

import dev.ibench.core.report.BenchmarkUniverse;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.CellStanding;
import java.util.List;

/**
 * Told of a campaign report as {@link CampaignReportBuilder#stream} builds it: first what comes before the cells, then
 * each cell as soon as it is built (with every per-sample score), so a renderer writes the cell and lets it go.
 */
public interface CampaignReportListener {
    default void begin(String campaignId, String name, String generatedAt, List<BenchmarkUniverse> universes) {}

    void cell(CellReport cell, CellStanding standing);
}
