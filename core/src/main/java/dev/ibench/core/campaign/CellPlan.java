package dev.ibench.core.campaign;

import java.util.ArrayList;
import java.util.List;

/** Expands a campaign into its cells, in a stable order (model, benchmark, mode, ablation). */
public final class CellPlan {
    private CellPlan() {}

    public static List<CellSpec> cells(String campaignId, CampaignSpec spec) {
        List<CellSpec> cells = new ArrayList<>();
        for (ModelEntry model : spec.models()) {
            for (BenchmarkEntry benchmark : spec.benchmarks()) {
                for (String mode : spec.modes()) {
                    for (String ablation : spec.ablations()) {
                        cells.add(CellSpec.of(campaignId, model.name(), benchmark.name(), mode, ablation));
                    }
                }
            }
        }
        return cells;
    }
}
