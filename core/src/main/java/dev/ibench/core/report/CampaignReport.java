package dev.ibench.core.report;

import java.util.List;
import java.util.Map;

/**
 * The report of a campaign: one {@link CellReport} per cell, in plan order, each cell's {@link CellStanding} (its
 * state and denominators) by cell id, and the tool universe of each benchmark its {@code universe:<percent>} cells
 * drew from (seed Table 4; empty without such cells).
 */
public record CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells,
                             Map<String, CellStanding> standings, List<BenchmarkUniverse> universes) {

    public CampaignReport {
        standings = Map.copyOf(standings);
        universes = universes == null ? List.of() : List.copyOf(universes);
    }

    public CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells,
                          Map<String, CellStanding> standings) {
        this(campaignId, name, generatedAt, cells, standings, List.of());
    }

    /** A report whose cells recorded no state: each standing judged from the cell's counts. */
    public CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells) {
        this(campaignId, name, generatedAt, cells, Map.of(), List.of());
    }

    public CellStanding standing(CellReport cell) {
        CellStanding s = standings.get(cell.cellId());
        return s != null ? s : CellStanding.of(cell);
    }
}
