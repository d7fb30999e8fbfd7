package dev.ibench.core.report;

import java.util.List;

/**
 * The report of a campaign: one {@link CellReport} per cell, in plan order, and the tool universe of each benchmark
 * its {@code universe:<percent>} cells drew from (seed Table 4; empty without such cells).
 */
public record CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells, List<BenchmarkUniverse> universes) {
    public CampaignReport {
        universes = universes == null ? List.of() : List.copyOf(universes);
    }

    public CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells) {
        this(campaignId, name, generatedAt, cells, List.of());
    }
}
