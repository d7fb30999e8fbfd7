package dev.ibench.activities.llm.spend;

/**
 * Whose spending a gateway's calls are: a campaign's model (both non-null), or a model used outside campaigns
 * (REST code-gen and judge, ablation writers: {@code campaignId} null, {@code model} the profile name).
 */
public record SpendAccount(String campaignId, String model) {
    public static SpendAccount outsideCampaigns(String profileName) {
        return new SpendAccount(null, profileName);
    }
}
