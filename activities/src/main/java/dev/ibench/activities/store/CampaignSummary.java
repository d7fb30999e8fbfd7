package dev.ibench.activities.store;

/**
 * A campaign as the results store knows it: id, name, when it was started, how many items its cells planned (samples x
 * trials; 0 before planning) and how many of them have finished (scored, rejected or infra_error).
 */
public record CampaignSummary(String campaignId, String name, String startedAt, long planned, long finished) {}
