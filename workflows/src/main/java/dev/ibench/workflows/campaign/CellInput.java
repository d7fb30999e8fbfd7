package dev.ibench.workflows.campaign;

import dev.ibench.core.react.ReactSettings;

import dev.ibench.activities.campaign.CellPlanEntry;

/**
 * Input of one cell run. {@code retryOnly} runs only the cell's unscored items (retry-errors);
 * otherwise every (sample, trial) item from {@code cursor.nextIndex()} on.
 */
public record CellInput(String campaignId, CellPlanEntry cell, int samplesInFlight, boolean retryOnly, CellCursor cursor, ReactSettings react) {
    public CellInput {
        react = react == null ? ReactSettings.DEFAULT : react;
    }
}
