package dev.ibench.activities.campaign;

import dev.ibench.core.react.ReactSettings;
import java.util.List;

/** The cells of a campaign after planning (samples selected and stored in the results store) and its ReACT settings. */
public record CampaignPlan(String campaignId, String name, List<CellPlanEntry> cells, ReactSettings react) {}
