package dev.ibench.activities.campaign;

import java.util.List;

/** The cells of a campaign after planning (samples selected and stored in the results store). */
public record CampaignPlan(String campaignId, String name, List<CellPlanEntry> cells) {}
