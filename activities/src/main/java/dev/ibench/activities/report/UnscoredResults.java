package dev.ibench.activities.report;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;

/** A cell's results without a score (infra_error, rejected): counted, and shown as failed sample rows. */
final class UnscoredResults {
    private final CellRecord cell;
    private final SampleRowEmitter rows;
    int infra;
    int rejected;

    UnscoredResults(CellRecord cell, SampleRowEmitter rows) {
        this.cell = cell;
        this.rows = rows;
    }

    /** True (counted and emitted) when {@code r} has no score; false for a scored result, left to the caller. */
    boolean take(SampleResultRecord r) {
        if (r.isInfraError()) {
            infra++;
        } else if (r.isRejected()) {
            rejected++;
        } else {
            return false;
        }
        rows.emitFailed(cell, r);
        return true;
    }

    /** The cell's work items (samples x trials) with no result yet. */
    int pending(int samples, int scored) {
        return samples * cell.trials() - scored - infra - rejected;
    }
}
