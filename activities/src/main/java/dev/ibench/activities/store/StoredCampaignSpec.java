package dev.ibench.activities.store;

import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.util.Optional;

/** A campaign's spec as the results store holds it, for activities; an unreadable one is a non-retryable failure. */
public final class StoredCampaignSpec {
    private StoredCampaignSpec() {}

    /** The spec of {@code campaignId}, empty when the store holds no such campaign. */
    public static Optional<CampaignSpec> of(ResultsStore store, String campaignId) {
        Optional<String> json = store.campaignSpecJson(campaignId);
        if (json.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.MAPPER.readValue(json.get(), CampaignSpec.class));
        } catch (IOException e) {
            throw ApplicationFailure.newNonRetryableFailure("campaign " + campaignId + ": stored spec unreadable: " + e.getMessage(), "BadCampaignSpec");
        }
    }
}
