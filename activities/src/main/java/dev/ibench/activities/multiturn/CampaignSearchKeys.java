package dev.ibench.activities.multiturn;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.BenchmarkEntry;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The variable that holds a cell's search key: its benchmark's {@code api_key_env} in the stored campaign spec (a BFCL
 * web-search set's), or null when the benchmark names none (the worker's setting applies). Read once per campaign.
 */
public final class CampaignSearchKeys implements Function<CellRecord, String> {
    private final ResultsStore store;
    private final Map<String, Map<String, Optional<String>>> byCampaign = new ConcurrentHashMap<>();

    public CampaignSearchKeys(ResultsStore store) {
        this.store = store;
    }

    @Override
    public String apply(CellRecord cell) {
        return byCampaign.computeIfAbsent(cell.campaignId(), this::read).getOrDefault(cell.benchmark(), Optional.empty()).orElse(null);
    }

    private Map<String, Optional<String>> read(String campaignId) {
        String json = store.campaignSpecJson(campaignId).orElse(null);
        Map<String, Optional<String>> keys = new HashMap<>();
        if (json == null) {
            return keys;
        }
        try {
            for (BenchmarkEntry b : Json.MAPPER.readValue(json, CampaignSpec.class).benchmarks()) {
                keys.put(b.name(), Optional.ofNullable(b.apiKeyEnv()));
            }
            return keys;
        } catch (IOException e) {
            throw ApplicationFailure.newNonRetryableFailure("campaign " + campaignId + ": stored spec unreadable: " + e.getMessage(), "BadCampaignSpec");
        }
    }
}
