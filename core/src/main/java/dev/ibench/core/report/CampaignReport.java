package dev.ibench.core.report;

import java.util.List;
import java.util.Map;

/**
 * The report of a campaign: one {@link CellReport} per cell, in plan order, and each cell's {@link CellStanding} (its
 * state and denominators) by cell id.
 */
public record CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells,
                             Map<String, CellStanding> standings) {

    public CampaignReport {
        standings = Map.copyOf(standings);
    }

    /** A report whose cells recorded no state: each standing judged from the cell's counts. */
    public CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells) {
        this(campaignId, name, generatedAt, cells, Map.of());
    }

    public CellStanding standing(CellReport cell) {
        CellStanding s = standings.get(cell.cellId());
        return s != null ? s : CellStanding.of(cell);
    }
}
