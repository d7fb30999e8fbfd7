package dev.ibench.activities.campaign;

import dev.ibench.activities.store.NotInStore;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.activities.sql.SqlBaselineDatabases;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.bfcl.BfclCategory;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.json.Json;
import dev.ibench.core.parse.ParserChain;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.score.SampleScore;
import dev.ibench.core.score.SampleScorer;
import dev.ibench.core.sql.SqlBaselineJudge;
import dev.ibench.core.sql.SqlBaselineOutcome;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.failure.ApplicationFailure;
import java.sql.Connection;
import java.sql.SQLException;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.IntFunction;
import java.util.Set;
import java.util.Map;
import java.util.function.Function;

/**
 * Scores a work item from its stored raw output: parse with the model's parser chain, execute in the
 * tool runtime, compute every per-sample metric, store the result. Pure recomputation from stored data,
 * so a retry gives the same score and never calls the model. A sample whose database is unavailable on
 * this worker fails the activity (retried, then recorded as infra_error), never scored as not completed.
 * A batch scores its items one after the other and returns the items it could not score, which the cell sends
 * through the per-item path (with its retries) so they are classified exactly as a single item.
 */
public final class ScoringActivitiesImpl implements ScoringActivities {
    /** The SQL baseline's row limit; its time limit per query is the campaign's {@code sql_query_timeout_seconds}. */
    private static final int SQL_MAX_ROWS = 100_000;
    /** Each campaign's SQL query deadline in seconds, read once from its stored spec. */
    private final Map<String, Integer> sqlDeadlines = new java.util.concurrent.ConcurrentHashMap<>();

    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final Function<String, SequenceExecutor> executorOfEvalSet;
    private final Function<CellRecord, ParserChain> parserOfCell;
    private final Function<CellRecord, CellAblation> ablationOfCell;
    private final Function<CellRecord, BfclMode> bfclModeOfCell;
    private final SqlBaselineDatabases sqlDatabases;
    private final CampaignMetrics metrics;

    /** One executor for every eval set (the SLOT/SEL runtime); may be null (no completion). */
    public ScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, SequenceExecutor executor,
                                 Function<CellRecord, ParserChain> parserOfCell, MeterRegistry meters) {
        this(store, evalSets, evalSet -> executor, parserOfCell, meters);
    }

    /** The executor of each eval set, e.g. {@link EvalSetExecutors}: the tool runtime, or a REST set's endpoints. */
    public ScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, SequenceExecutor> executorOfEvalSet,
                                 Function<CellRecord, ParserChain> parserOfCell, MeterRegistry meters) {
        this(store, evalSets, executorOfEvalSet, parserOfCell, cell -> CellAblation.NONE, meters);
    }

    /** @param ablationOfCell each cell's ablation, which reads a prediction back into the sample's own names */
    public ScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, SequenceExecutor> executorOfEvalSet,
                                 Function<CellRecord, ParserChain> parserOfCell, Function<CellRecord, CellAblation> ablationOfCell,
                                 MeterRegistry meters) {
        this(store, evalSets, executorOfEvalSet, parserOfCell, ablationOfCell, null, meters);
    }

    /** @param sqlDatabases the databases the queries of sql cells run on (null: this worker scores no sql cells) */
    public ScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, SequenceExecutor> executorOfEvalSet,
                                 Function<CellRecord, ParserChain> parserOfCell, Function<CellRecord, CellAblation> ablationOfCell,
                                 SqlBaselineDatabases sqlDatabases, MeterRegistry meters) {
        this(store, evalSets, executorOfEvalSet, parserOfCell, ablationOfCell, cell -> BfclMode.PROMPT, sqlDatabases, meters);
    }

    /** @param bfclModeOfCell how BFCL names are judged in each cell: its model profile's ({@code ModelProfile.bfclMode}) */
    public ScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, SequenceExecutor> executorOfEvalSet,
                                 Function<CellRecord, ParserChain> parserOfCell, Function<CellRecord, CellAblation> ablationOfCell,
                                 Function<CellRecord, BfclMode> bfclModeOfCell, SqlBaselineDatabases sqlDatabases, MeterRegistry meters) {
        this.bfclModeOfCell = bfclModeOfCell;
        this.sqlDatabases = sqlDatabases;
        this.store = store;
        this.evalSets = evalSets;
        this.executorOfEvalSet = executorOfEvalSet;
        this.parserOfCell = parserOfCell;
        this.ablationOfCell = ablationOfCell;
        this.metrics = new CampaignMetrics(meters);
    }

    @Override
    public SampleOutcome scoreSample(WorkItem item) {
        return score(cellOf(item.cellId()), item);
    }

    private CellRecord cellOf(String cellId) {
        return store.cell(cellId).orElseThrow(() -> NotInStore.cell(store, cellId));
    }

    private SampleOutcome score(CellRecord cell, WorkItem item) {
        String sampleId = CampaignPlanningActivitiesImpl.sampleIdOf(store, item);
        ModelCallRecord call = store.modelCall(item.cellId(), sampleId, item.trial(), 0).orElseThrow(
                () -> ApplicationFailure.newFailure("no stored model output for " + item + " yet", "MissingModelOutput"));
        EvalSample sample = evalSets.sample(cell.evalSet(), sampleId);
        if (SqlMode.MODE.equals(cell.mode())) {
            return scoreSql(item, cell, sample, call.rawOutput());
        }
        SequenceExecutor executor = BfclCategory.of(sample).isPresent() ? null : executorOfEvalSet.apply(cell.evalSet());
        if (executor != null) {
            executor.unavailable(sample).ifPresent(reason -> {
                throw ApplicationFailure.newFailure("sample " + sampleId + " of " + cell.evalSet()
                        + " cannot be executed on this worker: " + reason, "SampleUnavailable");
            });
        }
        SampleScore score = new SampleScorer(parserOfCell.apply(cell), executor).restoring(ablationOfCell.apply(cell)::restore)
                .judgingBfclAs(bfclModeOfCell.apply(cell)).score(sample, call.rawOutput(), call.reasoning());
        store.saveSampleResult(new SampleResultRecord(item.cellId(), sampleId, item.trial(), SampleResultRecord.SCORED,
                score.completed(), summaryJson(score), null));
        metrics.sampleScored(cell.model(), cell.benchmark(), Boolean.TRUE.equals(score.completed()));
        // a BFCL sample has nothing to execute: BFCL's AST check is what makes its answer correct
        boolean correct = Boolean.TRUE.equals(score.completed()) || score.completed() == null && score.bfcl() != null && score.bfcl().valid();
        return SampleOutcome.scored(score.parsed().isParsed(), correct);
    }

    @Override
    public BatchScoreResult scoreBatch(ScoringBatch batch) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        CellRecord cell = cellOf(batch.cellId());
        Set<Integer> skipped = new HashSet<>(batch.skipped());
        List<Integer> toScore = new ArrayList<>();
        for (int index = batch.fromIndex(); index < batch.fromIndex() + batch.count(); index++) {
            if (!skipped.contains(index)) {
                toScore.add(index);
            }
        }
        ScoredItems items = scoreEach(cell, toScore, batch::item, context);
        return new BatchScoreResult(items.scored, items.parsed, items.completed, items.failures);
    }

    /** What scoring a batch's or a sweep's items gave: counts, and each item that failed with its failure. */
    private static final class ScoredItems {
        private int scored;
        private int parsed;
        private int completed;
        private final List<ItemFailure> failures = new ArrayList<>();
    }

    private ScoredItems scoreEach(CellRecord cell, List<Integer> indexes, IntFunction<WorkItem> itemAt, ActivityExecutionContext context) {
        ScoredItems items = new ScoredItems();
        for (int index : indexes) {
            try {
                SampleOutcome outcome = score(cell, itemAt.apply(index));
                items.scored++;
                items.parsed += outcome.parsed() ? 1 : 0;
                items.completed += outcome.completed() ? 1 : 0;
            } catch (ApplicationFailure f) {
                items.failures.add(new ItemFailure(index, f.getType(), f.getOriginalMessage()));
            } catch (RuntimeException e) {
                items.failures.add(new ItemFailure(index, e.getClass().getName(), String.valueOf(e.getMessage())));
            }
            context.heartbeat(null); // the SDK throttles these; a killed worker's batch moves on within the heartbeat timeout
        }
        return items;
    }

    @Override
    public SweepResult scoreSweep(ScoringSweep sweep) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        CellRecord cell = cellOf(sweep.cellId());
        int first = sweep.item(SweepPlan.scanStart(sweep)).position();
        int end = SweepPlan.scanEnd(sweep);
        SweepPlan plan;
        if (end <= SweepPlan.scanStart(sweep) && sweep.holes().isEmpty()) {
            plan = SweepPlan.of(sweep, index -> false);
        } else {
            int endPosition = sweep.item(Math.max(end, SweepPlan.scanStart(sweep) + 1) - 1).position() + 1;
            Map<Integer, String> sampleIds = store.sampleIdsBetween(sweep.cellId(), first, endPosition);
            Set<String> stored = store.storedModelCallsBetween(sweep.cellId(), first, endPosition);
            plan = SweepPlan.of(sweep, index -> {
                WorkItem item = sweep.item(index);
                String sampleId = sampleIds.get(item.position());
                return sampleId != null && stored.contains(ResultsStore.storedCallKey(sampleId, item.trial()));
            });
        }
        ScoredItems items = scoreEach(cell, plan.toScore(), sweep::item, context);
        return new SweepResult(plan.scannedTo(), plan.holes(), items.scored, items.parsed, items.completed, items.failures);
    }

    private SampleOutcome scoreSql(WorkItem item, CellRecord cell, EvalSample sample, String rawOutput) {
        if (sqlDatabases == null) {
            throw ApplicationFailure.newFailure("this worker scores no sql cells", "SampleUnavailable");
        }
        Connection connection;
        try {
            connection = sqlDatabases.connection(sample);
        } catch (SQLException | IllegalArgumentException e) {
            throw ApplicationFailure.newFailure("sample " + sample.sampleId() + " of " + cell.evalSet()
                    + " cannot be executed on this worker: " + e.getMessage(), "SampleUnavailable");
        }
        SqlBaselineOutcome outcome = new SqlBaselineJudge(sqlDeadlineSeconds(cell), SQL_MAX_ROWS).judge(sample, rawOutput, connection);
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("mode", SqlMode.MODE);
        summary.put("sql", outcome.sql());
        summary.put("completed", outcome.completed());
        summary.put("failure", outcome.kind());
        summary.put("reason", outcome.message());
        try {
            store.saveSampleResult(new SampleResultRecord(item.cellId(), sample.sampleId(), item.trial(), SampleResultRecord.SCORED,
                    outcome.completed(), Json.MAPPER.writeValueAsString(summary), null));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the sql outcome of " + sample.sampleId(), e);
        }
        metrics.sampleScored(cell.model(), cell.benchmark(), outcome.completed());
        return SampleOutcome.scored(outcome.sql() != null, outcome.completed());
    }

    /** The campaign's {@code sql_query_timeout_seconds}; the default for a spec stored before the setting existed. */
    private int sqlDeadlineSeconds(CellRecord cell) {
        return sqlDeadlines.computeIfAbsent(cell.campaignId(), id -> store.campaignSpecJson(id).map(json -> {
            try {
                return Json.MAPPER.readValue(json, CampaignSpec.class).sqlQueryTimeoutSeconds();
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("campaign " + id + ": stored spec unreadable: " + e.getOriginalMessage(), e);
            }
        }).orElse(CampaignSpec.DEFAULT_SQL_QUERY_TIMEOUT_SECONDS));
    }

    /** What a person inspecting one sample wants: how it parsed, whether it completed, its error category and lost points. */
    private static String summaryJson(SampleScore score) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("parse_status", score.parsed().status().name().toLowerCase());
        summary.put("parse_stage", score.parsed().stage());
        summary.put("gold", score.goldNames());
        summary.put("predicted", score.predictedNames());
        summary.put("completed", score.completed());
        summary.put("error_category", score.error().isError() ? score.error().category().key() : null);
        if (score.bfcl() != null) {
            summary.put("bfcl_valid", score.bfcl().valid());
            summary.put("bfcl_error_type", score.bfcl().errorType());
        }
        summary.put("lost_points", score.lostPoints());
        try {
            return Json.MAPPER.writeValueAsString(summary);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the score of " + score.sampleId(), e);
        }
    }
}
