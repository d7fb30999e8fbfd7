package dev.ibench.activities.report;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.report.SampleDetail;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.sample.EvalSample;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Where each sample's row goes while a report is built, and how many rows of the current cell still get their
 * drill-down detail (which reads prompts and tool executions too).
 */
final class SampleRowEmitter {
    /** Emits nowhere and reads no detail: the state between builds. */
    static final SampleRowEmitter NONE = new SampleRowEmitter(row -> {}, null, null, 0);

    private final Consumer<SampleRow> sink;
    private final SampleDetails details;
    private final EvalSetCache evalSets;
    private final int detailsPerCell;
    private int detailsLeft;

    SampleRowEmitter(Consumer<SampleRow> sink, SampleDetails details, EvalSetCache evalSets, int detailsPerCell) {
        this.sink = sink;
        this.details = details;
        this.evalSets = evalSets;
        this.detailsPerCell = detailsPerCell;
    }

    /** The drill-down reader; null when no row gets a detail. */
    SampleDetails details() {
        return details;
    }

    /** A new cell: its first rows get their detail again. */
    void cellStarted() {
        detailsLeft = detailsPerCell;
    }

    void emit(CellRecord cell, SampleResultRecord r, Map<String, Double> scores, Supplier<SampleDetail> detail) {
        SampleDetail shown = null;
        if (details != null && detailsLeft > 0) {
            detailsLeft--;
            shown = detail.get();
        }
        sink.accept(new SampleRow(cell.cellId(), cell.model(), cell.benchmark(), cell.mode(), cell.ablation(), r.sampleId(), r.trial(),
                r.status(), scores, shown));
    }

    void emitFailed(CellRecord cell, SampleResultRecord r) {
        emit(cell, r, Map.of(), () -> {
            EvalSample sample;
            try {
                sample = evalSets.sample(cell.evalSet(), r.sampleId());
            } catch (RuntimeException missing) {
                sample = null;
            }
            return details.failed(cell, sample, r);
        });
    }
}
