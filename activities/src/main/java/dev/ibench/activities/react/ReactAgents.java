package dev.ibench.activities.react;

import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.prompt.ModelProfile;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The ReACT agent of a react cell (one per cell, so the spend ledger counts each call for its own cell), from its campaign's model entry exactly as direct cells get theirs
 * ({@link ModelRunners}: profile, endpoint, key variable, decoding block, response cache, endpoint limits): a model
 * whose profile's provider is {@code oracle} plays the scripted {@link OracleAgentModel} (the text loop, whatever the
 * campaign's agent), any other model answers through its gateway: as the campaign's {@code react: {agent: native}}
 * says with native tool calls ({@link NativeAgentModel}), else with the seed's text loop ({@link GatewayAgentModel}).
 */
public final class ReactAgents implements Function<CellRecord, ReactAgentModel> {
    private static final String ORACLE_PROVIDER = "oracle";

    private final ModelRunners runners;
    private final Map<String, ReactAgentModel> agents = new ConcurrentHashMap<>();

    public ReactAgents(ModelRunners runners) {
        this.runners = runners;
    }

    @Override
    public ReactAgentModel apply(CellRecord cell) {
        // one agent per cell (the gateway behind it is the model's, shared): the ledger counts its calls for that cell
        return agents.computeIfAbsent(cell.campaignId() + "\n" + cell.model() + "\n" + cell.cellId(), k -> {
            ModelProfile profile = runners.profile(cell.campaignId(), cell.model());
            if (ORACLE_PROVIDER.equals(profile.provider())) {
                return new OracleAgentModel(profile);
            }
            if (runners.react(cell.campaignId()).nativeAgent()) {
                return new NativeAgentModel(profile, runners.gateway(cell.campaignId(), cell.model()), runners.decoding(cell.campaignId()), cell.cellId());
            }
            return new GatewayAgentModel(profile, runners.gateway(cell.campaignId(), cell.model()), runners.decoding(cell.campaignId()), cell.cellId());
        });
    }
}
