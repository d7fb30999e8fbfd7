package dev.ibench.workflows.campaign;

import java.util.List;

/** Answer of the campaign status query: the campaign's cells and their states (live counts come from each cell's query). */
public record CampaignStatus(String campaignId, String name, CellState state, List<CellEntry> cells, String pauseReason) {

    public CampaignStatus(String campaignId, String name, CellState state, List<CellEntry> cells) {
        this(campaignId, name, state, cells, null);
    }

    public record CellEntry(String cellId, String workflowId, String model, String benchmark, String mode,
                            int workItems, CellState state, String failure) {}
}
