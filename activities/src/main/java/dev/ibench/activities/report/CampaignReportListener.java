package dev.ibench.activities.report;

import dev.ibench.core.report.BenchmarkUniverse;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.score.SampleScore;
import java.util.List;

/**
 * Told of a campaign report as {@link CampaignReportBuilder#stream} builds it: first what comes before the cells, then
 * per cell each scored sample of a direct cell as it is scored ({@link #sampleScore}) and the cell once it is built
 * ({@link #cell}), whose trial reports then hold no per-sample score but BFCL ones: a renderer writes or spools each
 * score as it comes and never holds a cell's.
 */
public interface CampaignReportListener {
    default void begin(String campaignId, String name, String generatedAt, List<BenchmarkUniverse> universes) {}

    /** A scored sample of a direct cell, in the store's order (sample by sample, trials in order), before its {@link #cell}. */
    default void sampleScore(int trial, SampleScore score) {}

    void cell(CellReport cell, CellStanding standing);
}
