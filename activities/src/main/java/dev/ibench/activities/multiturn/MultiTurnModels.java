package dev.ibench.activities.multiturn;

import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.prompt.ModelProfile;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The model of a multi-turn cell (one per cell, so the ledger counts each call for its own cell), from its campaign's
 * model entry as every cell gets it ({@link ModelRunners}): an {@code oracle} profile plays {@link OracleMultiTurnModel},
 * any other model answers through its gateway ({@link GatewayMultiTurnModel}).
 */
public final class MultiTurnModels implements Function<CellRecord, MultiTurnModel> {
    private static final String ORACLE_PROVIDER = "oracle";

    private final ModelRunners runners;
    private final Map<String, MultiTurnModel> models = new ConcurrentHashMap<>();

    public MultiTurnModels(ModelRunners runners) {
        this.runners = runners;
    }

    @Override
    public MultiTurnModel apply(CellRecord cell) {
        return models.computeIfAbsent(cell.campaignId() + "\n" + cell.model() + "\n" + cell.cellId(), k -> {
            ModelProfile profile = runners.profile(cell.campaignId(), cell.model());
            if (ORACLE_PROVIDER.equals(profile.provider())) {
                return new OracleMultiTurnModel();
            }
            return new GatewayMultiTurnModel(profile, runners.gateway(cell.campaignId(), cell.model()), runners.decoding(cell.campaignId()),
                    cell.cellId());
        });
    }
}
