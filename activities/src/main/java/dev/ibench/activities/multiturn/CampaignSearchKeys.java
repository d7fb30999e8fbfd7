package dev.ibench.activities.multiturn;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.StoredCampaignSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The variable that holds a cell's search key: its benchmark's {@code api_key_env} in the stored campaign spec (a BFCL
 * web-search set's), or null when the benchmark names none (the worker's setting applies). Read once per campaign.
 */
public final class CampaignSearchKeys implements Function<CellRecord, String> {
    private final ResultsStore store;
    private final Map<String, Map<String, String>> byCampaign = new ConcurrentHashMap<>();

    public CampaignSearchKeys(ResultsStore store) {
        this.store = store;
    }

    @Override
    public String apply(CellRecord cell) {
        return byCampaign.computeIfAbsent(cell.campaignId(), this::read).get(cell.benchmark());
    }

    /** Benchmark name -> the variable its {@code api_key_env} names (benchmarks naming none are left out). */
    private Map<String, String> read(String campaignId) {
        Map<String, String> keys = new HashMap<>();
        StoredCampaignSpec.of(store, campaignId).ifPresent(spec -> spec.benchmarks().stream().filter(b -> b.apiKeyEnv() != null)
                .forEach(b -> keys.put(b.name(), b.apiKeyEnv())));
        return keys;
    }
}
