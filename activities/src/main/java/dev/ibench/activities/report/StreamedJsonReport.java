package dev.ibench.activities.report;

import dev.ibench.activities.spend.SpendReportSection;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.report.BenchmarkUniverse;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.JsonReportWriter;
import dev.ibench.core.report.PerSampleSpool;
import dev.ibench.core.scratch.ScratchFolder;
import dev.ibench.core.score.SampleScore;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON campaign report with its spend section, written as the builder reads the store: each scored sample's
 * {@code per_sample} entry goes to a temporary file of its trial in {@code scratch} as it is scored ({@link PerSampleSpool}), and each cell
 * is written once built, its aggregates first and then its entries copied from the files, which are then removed. Byte
 * for byte what {@code SpendReportSection.appendTo("json", JsonReportRenderer.render(report))} gives for the whole
 * report, in memory bounded by a page of results, not by a cell (docs/reports.md#memory-and-progress).
 */
public final class StreamedJsonReport {
    private StreamedJsonReport() {}

    public static void write(CampaignReportBuilder builder, ResultsStore store, SpendStore spend, String campaignId, String generatedAt,
                             ScratchFolder scratch, Writer out) {
        JsonReportWriter json = new JsonReportWriter(out);
        List<String> ablations = store.cells(campaignId).stream().map(CellRecord::ablation).toList();
        CampaignReport kept;
        try (PerSampleSpool perSample = new PerSampleSpool(scratch)) {
            kept = builder.stream(campaignId, generatedAt, 0, row -> {}, new CampaignReportListener() {
                @Override
                public void begin(String id, String name, String at, List<BenchmarkUniverse> universes) {
                    json.begin(id, name, at, universes, ablations);
                }

                @Override
                public void sampleScore(int trial, SampleScore score) {
                    perSample.add(trial, score);
                }

                @Override
                public void cell(CellReport cell, CellStanding standing) {
                    json.cell(cell, standing, perSample);
                    perSample.clear();
                }
            });
        }
        Map<String, Object> trailing = new LinkedHashMap<>();
        SpendReportSection.of(store, spend, campaignId).jsonFields().fields()
                .forEachRemaining(e -> trailing.put(e.getKey(), e.getValue()));
        json.finish(kept.cells(), trailing);
    }
}
