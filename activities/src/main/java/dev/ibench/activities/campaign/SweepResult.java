package dev.ibench.activities.campaign;

import java.util.List;

/**
 * What a {@link ScoringSweep} scored: counts as a {@link BatchScoreResult}, the items still unscored below
 * {@code scannedTo} ({@code holes}, in index order) and the items that could not be scored here ({@code failures}, which
 * go through the per-item path).
 */
public record SweepResult(int scannedTo, List<Integer> holes, int scored, int parsed, int completed, List<ItemFailure> failures) {
    public SweepResult {
        holes = List.copyOf(holes);
        failures = List.copyOf(failures);
    }
}
