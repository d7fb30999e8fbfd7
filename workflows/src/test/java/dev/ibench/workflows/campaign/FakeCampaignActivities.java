package dev.ibench.workflows.campaign;

import dev.ibench.activities.campaign.BatchCallResult;
import dev.ibench.activities.campaign.BatchScoreResult;
import dev.ibench.activities.campaign.CampaignPlan;
import dev.ibench.activities.campaign.ItemBatch;
import dev.ibench.activities.campaign.ItemFailure;
import dev.ibench.activities.campaign.ScoringBatch;
import dev.ibench.activities.campaign.CampaignPlanningActivities;
import dev.ibench.activities.campaign.CellPlanEntry;
import dev.ibench.activities.campaign.ModelCallActivities;
import dev.ibench.activities.campaign.ModelCallResult;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.campaign.UnscoredPage;
import dev.ibench.activities.campaign.ScoringActivities;
import dev.ibench.activities.campaign.WorkItem;
import io.temporal.failure.ApplicationFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Test double for the campaign activities: plans fixed cells, "calls a model" by consulting a
 * scripted behaviour per item, and scores an item as completed when its position is even.
 * Records calls, concurrency, infra errors and rejections so tests can assert on them. Like the real
 * planning activities, {@link #unscoredWork} returns every item of the cell neither scored nor rejected.
 */
final class FakeCampaignActivities implements CampaignPlanningActivities, ModelCallActivities, ScoringActivities {
    final List<CellPlanEntry> cells;
    final Set<String> modelCalls = ConcurrentHashMap.newKeySet();
    final Set<String> infraErrors = ConcurrentHashMap.newKeySet();
    final Map<String, String> rejected = new ConcurrentHashMap<>();
    final Set<String> scored = ConcurrentHashMap.newKeySet();
    /** Every scoring of an item, in order, duplicates kept. */
    final List<String> scorings = java.util.Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger concurrentCalls = new AtomicInteger();
    final AtomicInteger maxConcurrentCalls = new AtomicInteger();
    volatile Function<WorkItem, RuntimeException> modelFailure = item -> null;
    volatile long modelLatencyMillis = 0;
    /** Each item's latency when set (else {@link #modelLatencyMillis}). */
    volatile java.util.function.ToLongFunction<WorkItem> latencyOf = null;
    /** Calls in flight (this one included) when each call started, by item. */
    final Map<String, Integer> concurrencyAtStart = new ConcurrentHashMap<>();
    /** What each paid call reports: 10 prompt and 5 completion tokens, and this cost in USD (null: no prices). */
    volatile Double costPerCall = null;
    /** Calls of {@link #unscoredWork} by a workflow (the whole list in one activity result). */
    final AtomicInteger wholeListReads = new AtomicInteger();
    /** The most items one unscored-work activity result carried. */
    final AtomicInteger largestUnscoredResult = new AtomicInteger();
    /** Model-call batches started, and the most items one carried. */
    final AtomicInteger batches = new AtomicInteger();
    final AtomicInteger largestBatch = new AtomicInteger();
    /** Asked (every 100 ms, before starting an item) by batches that yield when asked, as the real batches ask theirs. */
    volatile dev.ibench.activities.campaign.BatchGate gate = dev.ibench.activities.campaign.BatchGate.ALWAYS_OPEN;
    /** Batches that stopped because their cell asked. */
    final AtomicInteger yieldedBatches = new AtomicInteger();

    /** Items refused for budget (recorded through recordInfraError with a budget message) and not yet scored. */
    final Set<String> deferred = ConcurrentHashMap.newKeySet();
    /** Successful model calls, in order, duplicates kept: what the fake endpoint was paid for. */
    final List<String> paid = java.util.Collections.synchronizedList(new ArrayList<>());
    /** Paid calls the budget allows (like the gateway: a call starting once this many were paid is refused). */
    volatile int budgetCalls = Integer.MAX_VALUE;
    /** Signals the campaign as the worker's ledger does when it refuses a call for budget. */
    volatile java.util.function.Consumer<String> budgetPauser = reason -> {};
    /** Runs after the pause signal, before the refused call fails: lets a test hold the call until the pause reached the cell. */
    volatile java.util.function.Consumer<WorkItem> afterBudgetPause = item -> {};

    FakeCampaignActivities(List<CellPlanEntry> cells) {
        this.cells = cells;
    }

    @Override
    public CampaignPlan planCampaign(String campaignId) {
        return new CampaignPlan(campaignId, "test campaign", cells, dev.ibench.core.react.ReactSettings.DEFAULT);
    }

    @Override
    public List<WorkItem> unscoredWork(String cellId) {
        wholeListReads.incrementAndGet();
        CellPlanEntry cell = cells.stream().filter(c -> c.cellId().equals(cellId)).findFirst().orElseThrow();
        List<WorkItem> pending = new ArrayList<>();
        for (int position = 0; position < cell.samples(); position++) {
            for (int trial = 0; trial < cell.trials(); trial++) {
                WorkItem item = new WorkItem(cellId, position, trial);
                if (!scored.contains(item.toString()) && !rejected.containsKey(item.toString())) {
                    pending.add(item);
                }
            }
        }
        return pending;
    }

    @Override
    public UnscoredPage unscoredWorkPage(String cellId, int fromIndex, int limit) {
        int trials = cells.stream().filter(c -> c.cellId().equals(cellId)).findFirst().orElseThrow().trials();
        List<WorkItem> from = unscoredWork(cellId).stream().filter(w -> w.position() * trials + w.trial() >= fromIndex).toList();
        wholeListReads.decrementAndGet(); // this read is a page, not a whole-list read
        List<WorkItem> page = from.subList(0, Math.min(limit, from.size()));
        largestUnscoredResult.accumulateAndGet(page.size(), Math::max);
        return new UnscoredPage(page, from.size());
    }

    @Override
    public void recordInfraError(WorkItem item, String message) {
        if (dev.ibench.activities.spend.BudgetRefusal.is(message)) {
            deferred.add(item.toString());
            return;
        }
        infraErrors.add(item.toString());
    }

    @Override
    public int budgetDeferred(String cellId) {
        return (int) deferred.stream().filter(k -> k.startsWith(cellId + "#") && !scored.contains(k)).count();
    }

    @Override
    public void recordRejected(WorkItem item, String message) {
        infraErrors.remove(item.toString());
        rejected.put(item.toString(), message);
    }

    /** Each cell's recorded state and reason ("state" or "state: reason"), in the order they were written. */
    final Map<String, List<String>> cellStates = new ConcurrentHashMap<>();

    @Override
    public void recordCellState(String cellId, String state, String reason) {
        cellStates.computeIfAbsent(cellId, c -> java.util.Collections.synchronizedList(new ArrayList<>()))
                .add(reason == null ? state : state + ": " + reason);
    }

    @Override
    public ModelCallResult callModel(WorkItem item) {
        int now = concurrentCalls.incrementAndGet();
        maxConcurrentCalls.accumulateAndGet(now, Math::max);
        concurrencyAtStart.put(item.toString(), now);
        try {
            long latency = latencyOf != null ? latencyOf.applyAsLong(item) : modelLatencyMillis;
            if (latency > 0) {
                Thread.sleep(latency);
            }
            // the budget check and the payment are one step, so concurrent calls cannot both pass the last allowed one
            synchronized (paid) {
                if (paid.size() >= budgetCalls) {
                    String reason = dev.ibench.activities.spend.BudgetRefusal.PREFIX + "campaign c1 spent " + paid.size() + " calls";
                    budgetPauser.accept(reason);
                    afterBudgetPause.accept(item);
                    throw ApplicationFailure.newNonRetryableFailure("model call to budget failed: " + reason,
                            dev.ibench.activities.spend.BudgetRefusal.FAILURE_TYPE);
                }
                RuntimeException failure = modelFailure.apply(item);
                if (failure != null) {
                    throw failure;
                }
                modelCalls.add(item.toString());
                paid.add(item.toString());
            }
            return new ModelCallResult(false, 10, 5, modelLatencyMillis, costPerCall, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApplicationFailure.newFailure("interrupted", "Interrupted");
        } finally {
            concurrentCalls.decrementAndGet();
        }
    }

    /** Like the real batch: items in order, {@code concurrency} at once, failures returned per item, stopping as it does ({@code WindowFailures}). */
    @Override
    public BatchCallResult callModelBatch(ItemBatch batch) {
        batches.incrementAndGet();
        largestBatch.accumulateAndGet(batch.count(), Math::max);
        long startedAt = System.nanoTime();
        List<ItemFailure> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger rejections = new AtomicInteger();
        dev.ibench.activities.campaign.WindowFailures streaks = new dev.ibench.activities.campaign.WindowFailures(batch);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.Semaphore slots = new java.util.concurrent.Semaphore(batch.concurrency());
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(batch.concurrency());
        int started = 0;
        boolean yielded = false;
        long askedAt = System.nanoTime();
        String cellWorkflowId = io.temporal.activity.Activity.getExecutionContext().getInfo().getWorkflowId();
        java.util.concurrent.atomic.AtomicLong promptTokens = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong completionTokens = new java.util.concurrent.atomic.AtomicLong();
        List<Double> costs = java.util.Collections.synchronizedList(new ArrayList<>());
        try {
            for (int i = batch.fromIndex(); i < batch.fromIndex() + batch.count() && !stop.get(); i++) {
                slots.acquireUninterruptibly();
                if (batch.yieldsWhenAsked() && System.nanoTime() - askedAt > 100_000_000L) {
                    askedAt = System.nanoTime();
                    if (!gate.open(cellWorkflowId)) {
                        yielded = true;
                        stop.set(true);
                    }
                }
                if (stop.get()) {
                    slots.release();
                    break;
                }
                started++;
                int index = i;
                threads.execute(() -> {
                    try {
                        ModelCallResult call = callModel(batch.item(index));
                        promptTokens.addAndGet(call.promptTokens());
                        completionTokens.addAndGet(call.completionTokens());
                        if (call.costUsd() != null) {
                            costs.add(call.costUsd());
                        }
                        streaks.answered();
                    } catch (ApplicationFailure f) {
                        ItemFailure failure = new ItemFailure(index, f.getType(), f.getOriginalMessage());
                        failures.add(failure);
                        if (failure.sampleRejected()) {
                            streaks.answered();
                            if (rejections.incrementAndGet() > batch.rejectionsBeforeStop()) {
                                stop.set(true);
                            }
                        } else if (failure.endpointRejected() || failure.budgetRefused() || !streaks.goesOnAfterInfraFailure()) {
                            stop.set(true);
                        }
                    } finally {
                        slots.release();
                    }
                });
            }
            slots.acquireUninterruptibly(batch.concurrency());
        } finally {
            threads.shutdownNow();
        }
        List<ItemFailure> sorted = new ArrayList<>(failures);
        sorted.sort(java.util.Comparator.comparingInt(ItemFailure::index));
        boolean yieldedWithItemsLeft = yielded && started < batch.count();
        if (yieldedWithItemsLeft) {
            yieldedBatches.incrementAndGet();
        }
        return new BatchCallResult(started, (System.nanoTime() - startedAt) / 1_000_000, sorted, promptTokens.get(),
                completionTokens.get(), costs.isEmpty() ? null : costs.stream().mapToDouble(Double::doubleValue).sum(),
                yieldedWithItemsLeft, 0);
    }

    @Override
    public BatchScoreResult scoreBatch(ScoringBatch batch) {
        int scoredNow = 0;
        int completedNow = 0;
        for (int i = batch.fromIndex(); i < batch.fromIndex() + batch.count(); i++) {
            if (!batch.skipped().contains(i)) {
                SampleOutcome outcome = scoreSample(batch.item(i));
                scoredNow++;
                completedNow += outcome.completed() ? 1 : 0;
            }
        }
        return new BatchScoreResult(scoredNow, scoredNow, completedNow, List.of());
    }

    /** Scoring sweeps run, and the items they scored (an item scored by two sweeps is listed twice). */
    final AtomicInteger sweeps = new AtomicInteger();
    final List<String> sweptItems = java.util.Collections.synchronizedList(new ArrayList<>());

    /** Like the real sweep: the stored outputs are the successful model calls. */
    @Override
    public dev.ibench.activities.campaign.SweepResult scoreSweep(dev.ibench.activities.campaign.ScoringSweep sweep) {
        sweeps.incrementAndGet();
        var plan = dev.ibench.activities.campaign.SweepPlan.of(sweep, i -> modelCalls.contains(sweep.item(i).toString()));
        int scoredNow = 0;
        int completedNow = 0;
        for (int i : plan.toScore()) {
            SampleOutcome outcome = scoreSample(sweep.item(i));
            sweptItems.add(sweep.item(i).toString());
            scoredNow++;
            completedNow += outcome.completed() ? 1 : 0;
        }
        return new dev.ibench.activities.campaign.SweepResult(plan.scannedTo(), plan.holes(), scoredNow, scoredNow, completedNow, List.of());
    }

    @Override
    public SampleOutcome scoreSample(WorkItem item) {
        scored.add(item.toString());
        scorings.add(item.toString());
        infraErrors.remove(item.toString());
        return SampleOutcome.scored(true, item.position() % 2 == 0);
    }
}
