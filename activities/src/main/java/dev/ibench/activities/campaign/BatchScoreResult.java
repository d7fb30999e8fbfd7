package dev.ibench.activities.campaign;

import java.util.List;

/** Counts of a scored batch; {@code failures} lists the items that could not be scored here (they go through the per-item path). */
public record BatchScoreResult(int scored, int parsed, int completed, List<ItemFailure> failures) {
    public BatchScoreResult {
        failures = List.copyOf(failures);
    }
}
