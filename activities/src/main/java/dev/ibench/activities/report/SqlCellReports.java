package dev.ibench.activities.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.SampleScores;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sql cell (the SQL baseline): completion per trial from the stored outcomes (the query ran on the worker's
 * database at scoring time), and the failures by kind over all trials as the cell's error categories.
 */
final class SqlCellReports {
    private SqlCellReports() {}

    static CellReport report(CellReading reading) {
        CellRecord cell = reading.cell;
        Map<Integer, int[]> byTrial = new java.util.TreeMap<>();
        Map<String, Integer> failures = new LinkedHashMap<>();
        reading.forEachScored(stored -> {
            SampleResultRecord r = stored.result();
            boolean completed = Boolean.TRUE.equals(r.completed());
            reading.overTrials.addCompletion(r.sampleId(), completed, stored.rawOutput() != null ? stored.rawOutput() : r.scoreJson());
            reading.rows.emit(cell, r, SampleScores.ofSql(completed),
                    () -> reading.rows.details().sql(cell, reading.evalSets.sample(cell.evalSet(), r.sampleId()), r));
            int[] counts = byTrial.computeIfAbsent(r.trial(), t -> new int[2]);
            counts[0]++;
            counts[1] += completed ? 1 : 0;
            reading.completions.add(completed);
            String kind = sqlFailureKind(r);
            if (kind != null) {
                failures.merge("sql." + kind, 1, Integer::sum);
            }
        });
        Map<String, List<Double>> values = new LinkedHashMap<>();
        byTrial.values().forEach(c -> CellReading.add(values, "completion_rate", c[1] / (double) c[0]));
        return reading.report(CellReading.summaries(values), failures, List.of(), null);
    }

    private static String sqlFailureKind(SampleResultRecord r) {
        try {
            JsonNode summary = Json.MAPPER.readTree(r.scoreJson());
            return summary.path("failure").isTextual() ? summary.get("failure").asText() : null;
        } catch (Exception e) {
            throw new IllegalStateException("cell " + r.cellId() + ": sample " + r.sampleId() + " has an unreadable sql outcome", e);
        }
    }
}
