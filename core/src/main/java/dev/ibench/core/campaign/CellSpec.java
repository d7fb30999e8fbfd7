package dev.ibench.core.campaign;

/**
 * One cell of a campaign: a model evaluated on a benchmark in a mode under an ablation.
 * {@code cellId} is stable for a campaign, so it keys results and child workflow ids.
 */
public record CellSpec(String cellId, String model, String benchmark, String mode, String ablation) {

    public static CellSpec of(String campaignId, String model, String benchmark, String mode, String ablation) {
        String id = campaignId + "/" + model + "/" + benchmark + "/" + mode
                + (CampaignSpec.DEFAULT_ABLATION.equals(ablation) ? "" : "/" + ablation);
        return new CellSpec(id, model, benchmark, mode, ablation);
    }
}
