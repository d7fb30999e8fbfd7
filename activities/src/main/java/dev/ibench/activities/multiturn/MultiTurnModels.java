package dev.ibench.activities.multiturn;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.ModelRunners;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.prompt.ModelProfile;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The model of a multi-turn cell (one per cell, so the ledger counts each call for its own cell), from its campaign's
 * model entry as every cell gets it ({@link ModelRunners}): an {@code oracle} profile plays {@link OracleMultiTurnModel}
 * ({@link OracleMemoryModel} in a BFCL memory cell),
 * any other model answers through its gateway ({@link GatewayMultiTurnModel}).
 */
public final class MultiTurnModels implements Function<CellRecord, MultiTurnModel> {
    private static final String ORACLE_PROVIDER = "oracle";

    private final ModelRunners runners;
    private final EvalSetCache evalSets;
    private final Map<String, MultiTurnModel> models = new ConcurrentHashMap<>();

    /** Models of multi-turn cells; an oracle in a memory cell needs {@link #MultiTurnModels(ModelRunners, EvalSetCache)}. */
    public MultiTurnModels(ModelRunners runners) {
        this(runners, null);
    }

    /** @param evalSets where an oracle in a BFCL memory cell finds its questions' possible answers */
    public MultiTurnModels(ModelRunners runners, EvalSetCache evalSets) {
        this.runners = runners;
        this.evalSets = evalSets;
    }

    @Override
    public MultiTurnModel apply(CellRecord cell) {
        return models.computeIfAbsent(cell.campaignId() + "\n" + cell.model() + "\n" + cell.cellId(), k -> {
            ModelProfile profile = runners.profile(cell.campaignId(), cell.model());
            if (ORACLE_PROVIDER.equals(profile.provider())) {
                if (evalSets != null && evalSets.isMemory(cell.evalSet())) {
                    return new OracleMemoryModel(id -> evalSets.memory(cell.evalSet()).question(id).groundTruth());
                }
                if (evalSets != null && evalSets.isMultiTurn(cell.evalSet())
                        && BfclWebSearchImporter.isWebSearch(evalSets.multiTurn(cell.evalSet()).category())) {
                    // a web-search entry's ground truth holds its possible answers: answered at once with the first
                    return new OracleMemoryModel(id -> evalSets.multiTurnEntry(cell.evalSet(), id).groundTruth().get(0));
                }
                return new OracleMultiTurnModel();
            }
            return new GatewayMultiTurnModel(profile, runners.gateway(cell.campaignId(), cell.model()), runners.decoding(cell.campaignId()),
                    cell.cellId());
        });
    }
}
