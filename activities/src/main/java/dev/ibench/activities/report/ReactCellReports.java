package dev.ibench.activities.report;

import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.metrics.ReactStatistics;
import dev.ibench.core.metrics.ReactStatisticsMetric;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.report.AblationMaterial;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.SampleScores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A ReACT cell: the seed's Table 2 columns (agent completion, average loops, OOB, Stuck, unclassified;
 * section 4.3, H.1.2) per trial from the stored trajectory outcomes, plus parse failures and tool errors.
 */
final class ReactCellReports {
    private ReactCellReports() {}

    static CellReport report(CellReading reading, Supplier<AblationMaterial> ablationMaterial) {
        CellRecord cell = reading.cell;
        List<ReactTrialTally> byTrial = new ArrayList<>();
        for (int t = 0; t < cell.trials(); t++) {
            byTrial.add(new ReactTrialTally());
        }
        reading.forEachScored(stored -> {
            SampleResultRecord r = stored.result();
            ReactOutcome outcome = reactOutcome(cell, r);
            byTrial.get(r.trial()).add(outcome);
            reading.completions.add(outcome.completed());
            reading.overTrials.addCompletion(r.sampleId(), outcome.completed(), r.scoreJson()); // the trajectory: calls, answer, loops
            reading.rows.emit(cell, r, SampleScores.of(outcome),
                    () -> reading.rows.details().react(cell, reading.evalSets.sample(cell.evalSet(), r.sampleId()), r, outcome));
        });
        return reading.report(CellReading.summaries(trialValues(byTrial)), Map.of(), List.of(), ablationMaterial.get());
    }

    private static Map<String, List<Double>> trialValues(List<ReactTrialTally> byTrial) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (ReactTrialTally trial : byTrial) {
            if (trial.outcomes == 0) {
                continue;
            }
            ReactStatistics stats = trial.statistics.statistics();
            CellReading.add(values, "completion_rate", stats.completionRate());
            CellReading.add(values, "react.avg_loops", stats.averageLoops());
            CellReading.add(values, "react.oob", stats.outOfBudget());
            CellReading.add(values, "react.stuck", stats.stuck());
            CellReading.add(values, "react.unclassified", stats.unclassified());
            // IntStream.average(): the exact integer sum over the count
            CellReading.add(values, "react.parse_failures_per_sample", (double) trial.parseFailures / trial.outcomes);
            CellReading.add(values, "react.tool_errors_per_sample", (double) trial.toolErrors / trial.outcomes);
        }
        return values;
    }

    /** A ReACT cell's trial as running counts: its statistics (seed Table 2) and its parse failures and tool errors. */
    private static final class ReactTrialTally {
        final ReactStatisticsMetric.Tally statistics = new ReactStatisticsMetric.Tally();
        int outcomes;
        long parseFailures;
        long toolErrors;

        void add(ReactOutcome outcome) {
            statistics.add(outcome.trajectory());
            outcomes++;
            parseFailures += outcome.parseFailures();
            toolErrors += outcome.toolErrors();
        }
    }

    private static ReactOutcome reactOutcome(CellRecord cell, SampleResultRecord r) {
        try {
            return Json.MAPPER.readValue(r.scoreJson(), ReactOutcome.class);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cell " + cell.cellId() + ": stored ReACT outcome of sample " + r.sampleId()
                    + " trial " + r.trial() + " is unreadable: " + e.getMessage(), e);
        }
    }
}
