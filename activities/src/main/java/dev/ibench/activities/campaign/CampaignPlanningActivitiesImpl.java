package dev.ibench.activities.campaign;

import dev.ibench.activities.store.NotInStore;
import dev.ibench.activities.spend.BudgetRefusal;
import dev.ibench.activities.spend.SpendStore;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.CellStateRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.campaign.BatchSettings;
import dev.ibench.core.campaign.BenchmarkEntry;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.CellPlan;
import dev.ibench.core.campaign.CellSpec;
import dev.ibench.core.campaign.SampleSelector;
import dev.ibench.core.json.Json;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Planning and bookkeeping of campaigns against the results store. */
public final class CampaignPlanningActivitiesImpl implements CampaignPlanningActivities {
    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final Function<String, String> llmTaskQueueOfModel;
    private final CampaignMetrics metrics;
    private final SpendStore spend;

    public CampaignPlanningActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, String> llmTaskQueueOfModel,
                                          MeterRegistry meters) {
        this.store = store;
        this.evalSets = evalSets;
        this.llmTaskQueueOfModel = llmTaskQueueOfModel;
        this.metrics = new CampaignMetrics(meters);
        this.spend = new SpendStore(store.database());
    }

    @Override
    public CampaignPlan planCampaign(String campaignId) {
        CampaignSpec spec = storedSpec(campaignId);
        saveBudgets(campaignId, spec);
        List<CellPlanEntry> entries = new ArrayList<>();
        for (CellSpec cell : CellPlan.cells(campaignId, spec)) {
            BenchmarkEntry benchmark = spec.benchmarks().stream()
                    .filter(b -> b.name().equals(cell.benchmark())).findFirst().orElseThrow();
            List<String> ids;
            try {
                ids = new ArrayList<>(evalSets.sampleIds(benchmark.evalSet()));
            } catch (IllegalArgumentException badFile) {
                throw ApplicationFailure.newNonRetryableFailure(
                        "campaign " + campaignId + ", benchmark " + benchmark.name() + ": " + badFile.getMessage(), "BadEvalSet");
            }
            store.saveCell(new CellRecord(cell.cellId(), campaignId, cell.model(), cell.benchmark(), cell.mode(),
                    cell.ablation(), benchmark.evalSet(), spec.trials()));
            store.saveCellSamples(cell.cellId(), SampleSelector.select(ids, spec.samples()));
            int samples = store.cellSampleIds(cell.cellId()).size();
            boolean memory = evalSets.isMemory(benchmark.evalSet());
            boolean multiTurn = memory || evalSets.isMultiTurn(benchmark.evalSet());
            entries.add(new CellPlanEntry(cell.cellId(), cell.model(), cell.benchmark(), cell.mode(), cell.ablation(),
                    samples, spec.trials(), llmTaskQueueOfModel.apply(cell.model()), spec.maxRejectedShare(),
                    spec.noWorkerCheckSeconds(), spec.minSettledBeforeStop(), spec.sqlQueryTimeoutSeconds(),
                    multiTurn ? spec.react().stepLimitPerTurn() : null, batchSettings(campaignId, spec, cell, multiTurn),
                    memory ? evalSets.memory(benchmark.evalSet()).scenariosOf(store.cellSampleIds(cell.cellId())) : null));
        }
        return new CampaignPlan(campaignId, spec.name(), entries, spec.react());
    }

    /** The cell's batch settings when its model is {@code batch: true}; a multi-turn cell cannot be batched (docs/batch.md). */
    private static BatchSettings batchSettings(String campaignId, CampaignSpec spec, CellSpec cell, boolean multiTurn) {
        ModelEntry model = spec.models().stream().filter(m -> m.name().equals(cell.model())).findFirst().orElseThrow();
        if (!model.batched()) {
            return null;
        }
        if (multiTurn) {
            throw ApplicationFailure.newNonRetryableFailure("campaign " + campaignId + ": model " + model.name() + " has batch: true,"
                    + " but benchmark " + cell.benchmark() + " is a BFCL multi-turn set, whose turns each wait for the previous"
                    + " answer; run it with a model entry without batch: true", "BadCampaign");
        }
        return model.batchSettingsOrDefault();
    }

    private void saveBudgets(String campaignId, CampaignSpec spec) {
        if (spec.budget() != null) {
            spend.saveBudgetIfAbsent(campaignId, SpendStore.CAMPAIGN_SCOPE, spec.budget());
        }
        for (ModelEntry model : spec.models()) {
            if (model.budget() != null) {
                spend.saveBudgetIfAbsent(campaignId, model.name(), model.budget());
            }
        }
    }

    private CampaignSpec storedSpec(String campaignId) {
        String json = store.campaignSpecJson(campaignId).orElseThrow(() -> NotInStore.campaign(store, campaignId));
        try {
            return Json.MAPPER.readValue(json, CampaignSpec.class);
        } catch (IOException e) {
            throw ApplicationFailure.newNonRetryableFailure("campaign " + campaignId + ": stored spec unreadable: " + e.getMessage(),
                    "UnknownCampaign");
        }
    }

    @Override
    public List<WorkItem> unscoredWork(String cellId) {
        CellRecord cell = store.cell(cellId).orElseThrow(() -> NotInStore.cell(store, cellId));
        Set<String> settled = new HashSet<>();
        for (SampleResultRecord r : store.sampleResults(cellId)) {
            if (r.isSettled()) {
                settled.add(r.sampleId() + "/" + r.trial());
            }
        }
        List<String> ids = store.cellSampleIds(cellId);
        List<WorkItem> pending = new ArrayList<>();
        for (int position = 0; position < ids.size(); position++) {
            for (int trial = 0; trial < cell.trials(); trial++) {
                if (!settled.contains(ids.get(position) + "/" + trial)) {
                    pending.add(new WorkItem(cellId, position, trial));
                }
            }
        }
        return pending;
    }

    @Override
    public UnscoredPage unscoredWorkPage(String cellId, int fromIndex, int limit) {
        int trials = store.cell(cellId).map(CellRecord::trials).orElse(1);
        List<WorkItem> from = unscoredWork(cellId).stream().filter(w -> w.position() * trials + w.trial() >= fromIndex).toList();
        return new UnscoredPage(from.subList(0, Math.min(limit, from.size())), from.size());
    }

    @Override
    public void recordInfraError(WorkItem item, String message) {
        String sampleId = sampleIdOf(store, item);
        if (BudgetRefusal.is(message)) {
            spend.defer(item.cellId(), sampleId, item.trial());
            return;
        }
        store.saveInfraError(item.cellId(), sampleId, item.trial(), message);
        store.recordError(item.cellId(), sampleId, item.trial(), 0, SampleResultRecord.INFRA_ERROR, message);
        metrics.infraError();
    }

    @Override
    public int budgetDeferred(String cellId) {
        return spend.deferredUnsettled(cellId);
    }

    @Override
    public void recordRejected(WorkItem item, String message) {
        String sampleId = sampleIdOf(store, item);
        store.saveRejected(item.cellId(), sampleId, item.trial(), message);
        store.recordError(item.cellId(), sampleId, item.trial(), 0, SampleResultRecord.REJECTED, message);
        metrics.rejected();
    }

    @Override
    public void recordCellState(String cellId, String state, String reason) {
        store.saveCellState(new CellStateRecord(cellId, state, reason));
    }

    /** Resolves a work item to its sample id (positions index the cell's stored sample order). */
    public static String sampleIdOf(ResultsStore store, WorkItem item) {
        return store.sampleIdAt(item.cellId(), item.position()).orElseThrow(() -> unknownSample(item));
    }

    /** The failure of an item past its cell's samples (not retried: the plan is wrong, not the infrastructure). */
    static ApplicationFailure unknownSample(WorkItem item) {
        return ApplicationFailure.newNonRetryableFailure("cell " + item.cellId() + " has no sample at position " + item.position(),
                "UnknownSample");
    }
}
