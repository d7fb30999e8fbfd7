package dev.ibench.activities.report;

import dev.ibench.activities.ablation.AblationMaterials;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.SqlMode;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.CellStateRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.ablation.UniverseSize;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.metrics.BfclErrorCategory;
import dev.ibench.activities.multiturn.MultiTurnScore;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclJudge;
import dev.ibench.core.bfcl.BfclMultiTurnAccuracy;
import dev.ibench.core.bfcl.BfclMultiTurnVerdict;
import dev.ibench.core.bfcl.BfclWebSearchImporter;
import dev.ibench.core.report.AblationMaterial;
import dev.ibench.core.report.MetricSummary;
import dev.ibench.core.report.BenchmarkUniverse;
import dev.ibench.core.report.CampaignReport;
import dev.ibench.core.report.CellReport;
import dev.ibench.core.report.CellStanding;
import dev.ibench.core.report.ReportMetrics;
import dev.ibench.core.report.SampleRow;
import dev.ibench.core.report.SampleScores;
import dev.ibench.core.report.TrialOutcomes;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.core.score.ScoreTally;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.ScoreReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Builds a campaign report from the results store by re-scoring every stored raw output (the same
 * scorer the campaign used), so a report is always reproducible without calling a model.
 * Items recorded as infra_error or rejected (the endpoint refused the request) are counted apart and
 * excluded from every metric: neither is a model failure. Each cell's {@link CellStanding} says so: its recorded state
 * and its planned, scored, rejected and infra_error counts, with completion over scored and over planned.
 */
public final class CampaignReportBuilder {
    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final Function<CellRecord, SampleScorer> scorerOfCell;

    /** Rows read from the store per query: memory holds one page of results (with their raw outputs) at a time. */
    public static final int DEFAULT_PAGE_SIZE = 2000;
    private final int pageSize;
    private ReportProgress progress = ReportProgress.NONE;

    public CampaignReportBuilder(ResultsStore store, EvalSetCache evalSets, Function<CellRecord, SampleScorer> scorerOfCell) {
        this(store, evalSets, scorerOfCell, DEFAULT_PAGE_SIZE);
    }

    public CampaignReportBuilder(ResultsStore store, EvalSetCache evalSets, Function<CellRecord, SampleScorer> scorerOfCell, int pageSize) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be at least 1, got " + pageSize);
        }
        this.store = store;
        this.evalSets = evalSets;
        this.scorerOfCell = scorerOfCell;
        this.pageSize = pageSize;
    }

    /** Told of the items read as the report is built (a progress line on a terminal). */
    public CampaignReportBuilder progress(ReportProgress progress) {
        this.progress = progress;
        return this;
    }

    private static final String REACT = "react";

    /** Where each sample's row goes while a report is built, and how many rows of the current cell still get their detail. */
    private SampleRowEmitter rows = SampleRowEmitter.NONE;
    /** Told of each cell and each direct cell's scores as they come; null when the report is built whole. */
    private CampaignReportListener listener;
    private CellCompletions completions = new CellCompletions(false);

    public CampaignReport build(String campaignId, String generatedAt) {
        return build(campaignId, generatedAt, 0, row -> {});
    }

    /**
     * Builds the report and hands every stored sample result to {@code sink} as a {@link SampleRow} (in cell order);
     * the first {@code detailsPerCell} rows of each cell carry their drill-down detail (which reads prompts and tool
     * executions too), the others none.
     */
    public synchronized CampaignReport build(String campaignId, String generatedAt, int detailsPerCell, Consumer<SampleRow> sink) {
        return build(campaignId, generatedAt, detailsPerCell, sink, null);
    }

    /**
     * Builds the report cell by cell, reading each cell's results in pages: {@code cells} gets each scored sample of a
     * direct cell as it is scored, then the cell as soon as it is built, its aggregates kept as running totals
     * ({@link ScoreTally}, {@link TrialOutcomes}); neither the cells nor the report returned hold per-sample scores but
     * BFCL ones (the campaign's BFCL overall needs them). Memory holds one page of results, not a cell's scores.
     */
    public synchronized CampaignReport stream(String campaignId, String generatedAt, int detailsPerCell, Consumer<SampleRow> sink,
                                              CampaignReportListener cells) {
        return build(campaignId, generatedAt, detailsPerCell, sink, cells);
    }

    private CampaignReport build(String campaignId, String generatedAt, int detailsPerCell, Consumer<SampleRow> sink,
                                 CampaignReportListener listener) {
        this.rows = new SampleRowEmitter(sink, detailsPerCell > 0 ? new SampleDetails(store) : null, evalSets, detailsPerCell);
        this.listener = listener;
        try {
            return buildReport(campaignId, generatedAt);
        } finally {
            this.rows = SampleRowEmitter.NONE;
            this.listener = null;
        }
    }

    private CampaignReport buildReport(String campaignId, String generatedAt) {
        String name = store.campaignName(campaignId)
                .orElseThrow(() -> new IllegalArgumentException("campaign " + campaignId + " is not in the results store"));
        List<CellReport> cells = new ArrayList<>();
        Map<String, CellStanding> standings = new LinkedHashMap<>();
        List<CellRecord> cellRecords = store.cells(campaignId);
        List<BenchmarkUniverse> universes = universes(cellRecords);
        if (listener != null) {
            listener.begin(campaignId, name, generatedAt, universes);
        }
        progress.started(cellRecords.size());
        for (CellRecord cell : cellRecords) {
            completions = new CellCompletions(REACT.equals(cell.mode()) || SqlMode.MODE.equals(cell.mode()));
            CellReport report = cellReport(cell);
            CellStanding standing = standing(report);
            standings.put(cell.cellId(), standing);
            if (listener != null) {
                listener.cell(report, standing);
            }
            cells.add(report);
            progress.cellDone();
        }
        progress.finished();
        return new CampaignReport(campaignId, name, generatedAt, cells, standings, universes);
    }

    /** The tool universe of every benchmark a {@code universe:<percent>} cell drew from, per database (seed Table 4). */
    private List<BenchmarkUniverse> universes(List<CellRecord> cells) {
        Map<String, String> evalSetOf = new LinkedHashMap<>();
        cells.stream().filter(c -> c.ablation() != null && c.ablation().startsWith("universe:"))
                .forEach(c -> evalSetOf.putIfAbsent(c.benchmark(), c.evalSet()));
        List<BenchmarkUniverse> out = new ArrayList<>();
        evalSetOf.forEach((benchmark, evalSet) -> UniverseSize.of(evalSets.samples(evalSet).values())
                .forEach(size -> out.add(new BenchmarkUniverse(benchmark, size))));
        return out;
    }

    /** The cell's recorded state (else judged by its results) and its denominators. */
    private CellStanding standing(CellReport cell) {
        int planned = cell.samples() * cell.trials();
        Optional<CellStateRecord> recorded = store.cellState(cell.cellId());
        String state = recorded.map(CellStateRecord::state).orElse(CellStanding.stateWithoutRecord(cell.pending()));
        return new CellStanding(state, recorded.map(CellStateRecord::reason).orElse(null), planned, cell.scored(),
                cell.rejected(), cell.infraErrors(), completions.count());
    }

    /** The cell's report by its kind: multi-turn, ReACT and sql cells from their stored outcomes, direct cells re-scored. */
    private CellReport cellReport(CellRecord cell) {
        rows.cellStarted();
        int samples = store.cellSampleCount(cell.cellId());
        progress.cellStarted(cell.cellId(), (long) samples * cell.trials());
        if (isMultiTurn(cell)) {
            return multiTurnCellReport(reading(cell, samples));
        }
        if (REACT.equals(cell.mode())) {
            return ReactCellReports.report(reading(cell, samples), () -> ablationMaterial(cell));
        }
        if (SqlMode.MODE.equals(cell.mode())) {
            return SqlCellReports.report(reading(cell, samples));
        }
        SampleScorer scorer = scorerOfCell.apply(cell);
        completions = new CellCompletions(scorer.judgesCompletion());
        return directCellReport(reading(cell, samples), scorer);
    }

    private CellReading reading(CellRecord cell, int samples) {
        return new CellReading(cell, samples, store, evalSets, pageSize, progress, rows, completions);
    }

    /**
     * A direct cell, every stored raw output re-scored: running aggregates per trial; the per-sample scores are kept
     * only for a report built whole (else only BFCL ones, which the campaign's BFCL overall needs) and go to the
     * listener as they are scored.
     */
    private CellReport directCellReport(CellReading reading, SampleScorer scorer) {
        CellRecord cell = reading.cell;
        List<ScoreTally> byTrial = new ArrayList<>();
        List<List<SampleScore>> perSample = new ArrayList<>();
        for (int t = 0; t < cell.trials(); t++) {
            byTrial.add(new ScoreTally());
            perSample.add(new ArrayList<>());
        }
        reading.forEachResult(stored -> {
            SampleResultRecord r = stored.result();
            requireRawOutput(cell, stored);
            EvalSample sample = evalSets.sample(cell.evalSet(), r.sampleId());
            SampleScore score = scorer.score(sample, stored.rawOutput());
            byTrial.get(r.trial()).add(score);
            if (listener == null || score.bfcl() != null) {
                perSample.get(r.trial()).add(score);
            }
            if (listener != null) {
                listener.sampleScore(r.trial(), score);
            }
            rows.emit(cell, r, SampleScores.of(score), () -> rows.details().direct(cell, sample, r,
                    store.modelCall(cell.cellId(), r.sampleId(), r.trial(), 0).orElseThrow(), score));
            reading.overTrials.add(r.sampleId(), score.completed(), score.sequence().full(), stored.rawOutput());
            completions.add(score.completed());
        }, r -> bfclUnscored(cell, r, byTrial));
        List<ScoreReport> trialReports = new ArrayList<>();
        List<Long> reasoningOnly = new ArrayList<>();
        for (int t = 0; t < byTrial.size(); t++) {
            if (byTrial.get(t).samples() > 0) {
                trialReports.add(byTrial.get(t).report(perSample.get(t)));
                reasoningOnly.add((long) byTrial.get(t).reasoningOnly());
            }
        }
        return reading.report(new LinkedHashMap<>(ReportMetrics.summarize(trialReports, reasoningOnly)), errorCategories(trialReports),
                trialReports, ablationMaterial(cell));
    }

    /** A scored result without its stored raw output is a broken store. */
    private static void requireRawOutput(CellRecord cell, ResultsStore.StoredResult stored) {
        SampleResultRecord r = stored.result();
        if (!stored.hasCall()) {
            throw new IllegalStateException("cell " + cell.cellId() + ": sample " + r.sampleId() + " trial " + r.trial()
                    + " is scored but its model output is missing from the results store");
        }
    }

    /** The failing samples per error category: every trial's count, not only the first trial's. */
    private static Map<String, Integer> errorCategories(List<ScoreReport> trialReports) {
        Map<String, Integer> categories = new LinkedHashMap<>();
        for (BfclErrorCategory c : BfclErrorCategory.values()) {
            categories.put(c.key(), trialReports.stream().mapToInt(r -> r.errors().get(c)).sum());
        }
        return categories;
    }

    /** A BFCL entry without a model output stays in BFCL's denominators, judged as bfcl-eval judges an inference error. */
    private void bfclUnscored(CellRecord cell, SampleResultRecord r, List<ScoreTally> byTrial) {
        EvalSample sample = evalSets.sample(cell.evalSet(), r.sampleId());
        BfclCategory.of(sample).ifPresent(c -> byTrial.get(r.trial())
                .addUnscoredBfcl(sample.sampleId(), BfclJudge.unscored(sample, c, r.isRejected() ? "rejected" : "infra_error")));
    }

    /** What a model wrote for the cell's paraphrase or toolkit_expansion ablation, from the store; null for other cells. */
    private AblationMaterial ablationMaterial(CellRecord cell) {
        if (!Ablation.parse(cell.ablation()).modelWritten()) {
            return null;
        }
        CampaignSpec spec;
        try {
            spec = Json.MAPPER.readValue(store.campaignSpecJson(cell.campaignId()).orElseThrow(), CampaignSpec.class);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("campaign " + cell.campaignId() + ": stored spec unreadable", e);
        }
        List<EvalSample> samples = store.cellSampleIds(cell.cellId()).stream().map(id -> evalSets.sample(cell.evalSet(), id)).toList();
        return AblationMaterials.of(store, cell.ablation(), spec.ablationSettings(), samples).orElse(null);
    }

    private boolean isMultiTurn(CellRecord cell) {
        try {
            return evalSets.isMultiTurn(cell.evalSet()) || evalSets.isMemory(cell.evalSet());
        } catch (RuntimeException unavailable) {
            return false;
        }
    }

    /**
     * A BFCL multi-turn or memory cell: per trial the category's official all-or-nothing accuracy ({@code bfcl.accuracy.<category>},
     * also the completion rate) and the per-turn accuracy ({@code bfcl.multi_turn.turn_accuracy}: turns correct / turns
     * checked), the entries ({@code bfcl.multi_turn.entries}, which {@code BfclOverall} weighs by), and the failed
     * entries by error type over all trials as the cell's error categories. The BFCL accuracy and entries use bfcl-eval's
     * denominator: an entry without a model output (rejected, infra_error) fails as bfcl-eval fails an inference error,
     * counted in {@code bfcl.unscored.<category>} beside the scored-only accuracy; completion_rate stays over the scored.
     */
    private CellReport multiTurnCellReport(CellReading reading) {
        CellRecord cell = reading.cell;
        Map<Integer, List<BfclMultiTurnVerdict>> byTrial = new java.util.TreeMap<>();
        // an agentic cell's category is its set's (memory_kv, web_search_base, ...): known even when no entry has a verdict
        boolean memory = evalSets.isMemory(cell.evalSet());
        String setCategory = memory ? evalSets.memory(cell.evalSet()).category() : evalSets.multiTurn(cell.evalSet()).category();
        boolean agentic = memory || BfclWebSearchImporter.isWebSearch(setCategory);
        String[] category = {agentic ? setCategory : null};
        // entries without a model output per trial: in BFCL's denominator, as bfcl-eval fails them (multi_turn:inference_error)
        Map<Integer, Integer> noOutput = new java.util.TreeMap<>();
        reading.forEachResult(stored -> {
            SampleResultRecord r = stored.result();
            MultiTurnScore score = multiTurnScore(cell, r);
            category[0] = score.category();
            byTrial.computeIfAbsent(r.trial(), t -> new ArrayList<>())
                    .add(new BfclMultiTurnVerdict(score.valid(), score.errorType(), score.failedTurn(), score.turnPassed()));
            completions.add(score.valid());
            reading.overTrials.addCompletion(r.sampleId(), score.valid(), r.scoreJson());
            Map<String, Double> row = new LinkedHashMap<>();
            row.put("completed", score.valid() ? 1.0 : 0.0);
            row.put("bfcl.multi_turn.turns_checked", (double) score.turnsChecked());
            row.put("bfcl.multi_turn.turns_passed", (double) score.turnsPassed());
            rows.emit(cell, r, row, () -> null);
        }, r -> noOutput.merge(r.trial(), 1, Integer::sum));
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, Integer> failures = new LinkedHashMap<>();
        boolean anyNoOutput = byTrial.keySet().stream().anyMatch(noOutput::containsKey);
        for (Map.Entry<Integer, List<BfclMultiTurnVerdict>> trialEntry : byTrial.entrySet()) {
            BfclMultiTurnAccuracy accuracy = BfclMultiTurnAccuracy.of(trialEntry.getValue());
            int missing = noOutput.getOrDefault(trialEntry.getKey(), 0);
            CellReading.add(values, "completion_rate", accuracy.accuracy());
            CellReading.add(values, "bfcl.accuracy." + category[0], accuracy.valid() / (double) (accuracy.entries() + missing));
            if (anyNoOutput) {
                CellReading.add(values, "bfcl.unscored." + category[0], missing);
                CellReading.add(values, "bfcl.accuracy_scored_only." + category[0], accuracy.accuracy());
            }
            if (missing > 0) {
                failures.merge(agentic ? "agentic:inference_error" : "multi_turn:inference_error", missing, Integer::sum);
            }
            if (!agentic) { // a memory or web-search question is judged on its answer, not per turn
                CellReading.add(values, "bfcl.multi_turn.turn_accuracy", accuracy.turnAccuracy());
            }
            CellReading.add(values, "bfcl.multi_turn.entries", accuracy.entries() + missing);
            if (!agentic) {
                CellReading.add(values, "bfcl.multi_turn.turns_checked", accuracy.turnsChecked());
            }
            accuracy.errorTypes().forEach((type, n) -> failures.merge(type, n, Integer::sum));
        }
        return reading.report(CellReading.summaries(values), failures, List.of(), ablationMaterial(cell));
    }

    private static MultiTurnScore multiTurnScore(CellRecord cell, SampleResultRecord r) {
        try {
            return Json.MAPPER.readValue(r.scoreJson(), MultiTurnScore.class);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cell " + cell.cellId() + ": stored multi-turn verdict of entry " + r.sampleId() + " is unreadable", e);
        }
    }
}
