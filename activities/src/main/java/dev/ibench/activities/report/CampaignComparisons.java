package dev.ibench.activities.report;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.compare.BfclOverallComparison;
import dev.ibench.core.report.compare.CampaignComparison;
import dev.ibench.core.report.compare.CellScoresSpool;
import dev.ibench.core.report.compare.StandingsComparison;
import dev.ibench.core.scratch.ScratchFolder;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * {@code campaign compare} read from the store in pages (docs/reports.md#memory-and-progress): each campaign's report
 * keeps its cells' metrics and standings only, and its scored rows go to a {@link CellScoresSpool} that the pairing
 * reads back one cell at a time; two cells of one campaign keep those two cells' rows only.
 */
public final class CampaignComparisons {
    private final CampaignReportBuilder builder;
    private final ResultsStore store;
    private final ScratchFolder scratch;

    /** {@code scratch}: where the campaigns' scored rows are spooled. */
    public CampaignComparisons(CampaignReportBuilder builder, ResultsStore store, ScratchFolder scratch) {
        this.builder = builder;
        this.store = store;
        this.scratch = scratch;
    }

    /** A comparison with the two sides' cell states and denominators. */
    public record Result(CampaignComparison comparison, List<StandingsComparison.Row> standings, List<BfclOverallComparison.Row> bfcl) {
        public Result(CampaignComparison comparison, List<StandingsComparison.Row> standings) {
            this(comparison, standings, List.of());
        }
    }

    /** Campaign {@code b} minus campaign {@code a}, cells paired by coordinates, samples by id. */
    public Result campaigns(String a, String b, String generatedAt, long seed, int resamples) {
        try (CellScoresSpool rowsA = new CellScoresSpool(scratch); CellScoresSpool rowsB = new CellScoresSpool(scratch)) {
            CampaignReport reportA = builder.stream(a, generatedAt, 0, rowsA, (cell, standing) -> {});
            CampaignReport reportB = builder.stream(b, generatedAt, 0, rowsB, (cell, standing) -> {});
            return new Result(CampaignComparison.of(a, rowsA, b, rowsB, seed, resamples), StandingsComparison.of(reportA, reportB),
                    BfclOverallComparison.of(reportA, reportB));
        }
    }

    /**
     * Cell {@code cellB} minus cell {@code cellA} of campaign {@code campaign} (each a cell id, or one without the
     * leading {@code <campaign>/}); an unknown or repeated cell is an {@link IllegalArgumentException} naming the cells
     * (a usage error), an unknown campaign a {@link NoSuchElementException}.
     */
    public Result cells(String campaign, String cellA, String cellB, String generatedAt, long seed, int resamples) {
        if (store.campaignName(campaign).isEmpty()) {
            throw new NoSuchElementException("campaign " + campaign + " is not in the results store");
        }
        List<String> cellIds = store.cells(campaign).stream().map(CellRecord::cellId).toList();
        String a = CampaignComparison.resolveCell(campaign, cellIds, cellA);
        String b = CampaignComparison.resolveCell(campaign, cellIds, cellB);
        CampaignComparison.requireTwoCells(a, b);
        Set<String> wanted = Set.of(a, b);
        List<SampleRow> rows = new ArrayList<>();
        CampaignReport report = builder.stream(campaign, generatedAt, 0, r -> {
            if (wanted.contains(r.cellId())) {
                rows.add(r);
            }
        }, (cell, standing) -> {});
        return new Result(CampaignComparison.ofCells(rows, a, b, seed, resamples), StandingsComparison.ofCells(report, a, b));
    }
}
