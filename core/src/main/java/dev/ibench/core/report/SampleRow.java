package dev.ibench.core.report;

import java.util.Map;

/**
 * One sample's trial in one campaign cell, as the results store holds it: its outcome ({@code scored},
 * {@code infra_error}, {@code rejected}), its per-sample scores (empty unless scored; keys in docs/reports.md) and,
 * when asked for, what the drill-down shows ({@code detail}, else null).
 */
public record SampleRow(
        String cellId,
        String model,
        String benchmark,
        String mode,
        String ablation,
        String sampleId,
        int trial,
        String status,
        Map<String, Double> scores,
        SampleDetail detail) {

    public SampleRow {
        scores = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(scores));
    }

    /** The cell's coordinates without the campaign: what pairs the cells of two campaigns. */
    public String cellKey() {
        return model + " · " + benchmark + " · " + mode + (ablation == null || ablation.equals("none") ? "" : " · " + ablation);
    }
}
