package dev.ibench.core.report;

import java.util.List;

/** The report of a campaign: one {@link CellReport} per cell, in plan order. */
public record CampaignReport(String campaignId, String name, String generatedAt, List<CellReport> cells) {}
