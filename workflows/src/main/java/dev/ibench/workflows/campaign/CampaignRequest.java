package dev.ibench.workflows.campaign;

/**
 * Input of a campaign run: the campaign (already stored in the results store by `campaign start`),
 * how many cells and samples may be in flight, and whether to re-run only unscored items.
 */
public record CampaignRequest(String campaignId, int cellsInFlight, int samplesInFlight, boolean retryOnly) {}
