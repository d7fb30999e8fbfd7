package dev.ibench.activities.campaign;

import dev.ibench.activities.store.NotInStore;
import dev.ibench.activities.llm.client.CallCancellation;
import dev.ibench.activities.llm.ActivityAttempt;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.sample.EvalSample;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCompletionException;
import io.temporal.failure.ApplicationFailure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Calls a cell's model for one work item and stores the raw output under the item's key. A stored
 * output is returned as is, so a retried, resumed or duplicated activity never calls the model twice.
 * Heartbeats every few seconds while the model works, so a killed worker's item moves on quickly; when a heartbeat
 * learns that the activity was cancelled, the in-flight HTTP request is aborted and no retry is sent.
 * Failures are mapped to Temporal: endpoint rejections stop the cell, sample rejections are the
 * item's own, everything else is retried by Temporal with Retry-After honoured. A batch calls its items concurrently
 * and returns each item's failure with the type its own activity would have raised; when its cell asks it to
 * ({@link BatchGate}) it starts no further item and returns the rest of its range unstarted. A window batch goes on past
 * an item's infrastructure failure ({@link WindowFailures}). A batch beats every second; a later attempt of the same
 * batch on this worker stops the earlier one and waits for its requests to end ({@link BatchAttempts}).
 */
public final class ModelCallActivitiesImpl implements ModelCallActivities {
    private static final ScheduledExecutorService HEARTBEATS = CallHeartbeats.daemonThread("ibench-model-call-heartbeats");
    /** Asks cells whether their batches go on ({@link BatchGate}), apart from the heartbeats: an answer may be slow. */
    private static final ScheduledExecutorService GATES = CallHeartbeats.daemonThread("ibench-batch-gate");
    /** How often a batch that yields when asked asks its cell. */
    static final long GATE_CHECK_MILLIS = 1000;
    /** How often a batch beats (the SDK sends at most one heartbeat per its throttle interval; a beat is cheap). */
    static final long BATCH_BEAT_MILLIS = 1000;

    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final ModelRunners runners;
    private final CampaignMetrics metrics;
    private final IgnoredRequestRecorder ignoredRequests;
    private final MeterRegistry meters;
    private final BatchGate gate;
    private final BatchAttempts attempts = new BatchAttempts();
    private final RateLimitPause rateLimitPause = new RateLimitPause();

    public ModelCallActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ModelRunners runners, MeterRegistry meters) {
        this(store, evalSets, runners, meters, BatchGate.ALWAYS_OPEN);
    }

    public ModelCallActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ModelRunners runners, MeterRegistry meters,
                                   BatchGate gate) {
        this.gate = gate;
        this.meters = meters;
        this.store = store;
        this.evalSets = evalSets;
        this.runners = runners;
        this.metrics = new CampaignMetrics(meters);
        this.ignoredRequests = new IgnoredRequestRecorder(store);
    }

    @Override
    public ModelCallResult callModel(WorkItem item) {
        String sampleId = CampaignPlanningActivitiesImpl.sampleIdOf(store, item);
        Optional<ModelCallRecord> stored = store.modelCall(item.cellId(), sampleId, item.trial(), 0);
        if (stored.isPresent()) {
            return summary(stored.get(), true, 0.0, false);
        }
        CellRecord cell = cellOf(item.cellId());
        ActivityExecutionContext context = Activity.getExecutionContext();
        AtomicReference<ActivityCompletionException> cancellation = new AtomicReference<>();
        try (CallCancellation.Scope calls = CallCancellation.open()) {
            ScheduledFuture<?> beat = HEARTBEATS.scheduleAtFixedRate(() -> CallHeartbeats.beat(context, calls, cancellation), 2, 5, TimeUnit.SECONDS);
            try {
                Paid paid = ActivityAttempt.during(context.getInfo().getAttempt(), () -> pay(item, sampleId, cell));
                return summary(paid.record(), false, paid.costUsd(), paid.tokensUnknown());
            } catch (ModelCallException e) {
                if (cancellation.get() != null) {
                    throw cancellation.get();
                }
                metrics.modelFailure(cell.model(), e.kind().name());
                throw ModelCallFailures.forActivity(e);
            } finally {
                beat.cancel(false);
            }
        }
    }

    @Override
    public BatchCallResult callModelBatch(ItemBatch batch) {
        long started = System.nanoTime();
        CellRecord cell = cellOf(batch.cellId());
        ActivityExecutionContext context = Activity.getExecutionContext();
        AtomicReference<ActivityCompletionException> cancellation = new AtomicReference<>();
        Set<CallCancellation.Scope> scopes = ConcurrentHashMap.newKeySet();
        List<ItemFailure> failures = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger rejections = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean storeFailed = new AtomicBoolean();
        BatchSpend spend = new BatchSpend();
        WindowFailures streaks = new WindowFailures(batch);
        // every second: the SDK sends at most one heartbeat per HEARTBEAT_SEND_INTERVAL, and a beat that learns the
        // attempt was cancelled or timed out aborts its requests within a second of the send that learnt it
        ScheduledFuture<?> beat = HEARTBEATS.scheduleAtFixedRate(() -> {
            CallHeartbeats.beatAll(context, scopes, cancellation);
            if (cancellation.get() != null) {
                stop.set(true);
            }
        }, 0, BATCH_BEAT_MILLIS, TimeUnit.MILLISECONDS);
        String attemptKey = context.getInfo().getWorkflowId() + "/" + context.getInfo().getWorkflowRunId() + "/" + context.getInfo().getActivityId();
        BatchAttempts.Taken taken = attempts.take(attemptKey, stop, scopes);
        BatchAttempts.Attempt attempt = taken.attempt();
        try {
            if (context.getInfo().getAttempt() > 1 && !taken.stoppedAnEarlierOne()) {
                waitOut(BatchAttempts.RETRY_GRACE, stop); // an earlier attempt elsewhere may still be stopping its calls
            }
            return runBatch(batch, started, cell, context, cancellation, scopes, failures, rejections, stop, storeFailed,
                    spend, streaks, attempt);
        } finally {
            beat.cancel(false);
            attempts.ended(attemptKey, attempt);
        }
    }

    /** Sleeps {@code duration} unless {@code stop} is set first (the attempt was cancelled meanwhile). */
    private static void waitOut(java.time.Duration duration, AtomicBoolean stop) {
        long end = System.nanoTime() + duration.toNanos();
        while (!stop.get() && System.nanoTime() < end) {
            try {
                Thread.sleep(Math.min(100, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private BatchCallResult runBatch(ItemBatch batch, long started, CellRecord cell, ActivityExecutionContext context,
                                     AtomicReference<ActivityCompletionException> cancellation,
                                     Set<CallCancellation.Scope> scopes, List<ItemFailure> failures, AtomicInteger rejections,
                                     AtomicBoolean stop, AtomicBoolean storeFailed, BatchSpend spend, WindowFailures streaks,
                                     BatchAttempts.Attempt thisAttempt) {
        BatchItems items = BatchItems.read(store, batch);
        AtomicBoolean yielded = new AtomicBoolean();
        ScheduledFuture<?> asking = !batch.yieldsWhenAsked() ? null : askGate(context.getInfo().getWorkflowId(), stop, yielded);
        int startedItems;
        try (GroupedOutputWriter writer = new GroupedOutputWriter(store.database(), meters, batch.concurrency(),
                batch.cellId() + "#" + batch.fromIndex());
             ItemsAhead<ReadyItem> ahead = new ItemsAhead<>(batch.fromIndex(), batch.count(), batch.concurrency(),
                     index -> ready(batch.item(index), index, items, cell))) {
            int attempt = context.getInfo().getAttempt();
            RunningBatch running = new RunningBatch(cell, batch.window(), stop, ahead, scopes, writer, spend,
                    () -> storeFailed.get() || cancellation.get() != null || thisAttempt.superseded(),
                    failed -> {
                        failures.add(failed);
                        storeFailed.set(true);
                        stop.set(true); // a store that cannot write would fail the next items as well
                    });
            startedItems = ConcurrentItems.run(batch.fromIndex(), batch.count(), batch.concurrency(), stop, index -> {
                ItemFailure failure = ActivityAttempt.during(attempt, () -> callItem(batch.item(index), index, running));
                if (failure == null) {
                    streaks.answered();
                    return true;
                }
                failures.add(failure);
                if (failure.sampleRejected()) {
                    // a request the endpoint refuses is the item's own; past the cell's share the cell stops, so stop here too
                    streaks.answered();
                    return rejections.incrementAndGet() <= batch.rejectionsBeforeStop();
                }
                if (failure.endpointRejected() || failure.budgetRefused() || NOT_SENT.equals(failure.type())) {
                    return false; // every next item would fail the same way
                }
                // an infrastructure failure: a window batch goes on unless its endpoint looks down (WindowFailures)
                return streaks.goesOnAfterInfraFailure();
            });
        } finally {
            if (asking != null) {
                asking.cancel(false);
            }
        }
        if (cancellation.get() != null) {
            throw cancellation.get();
        }
        if (thisAttempt.superseded()) {
            throw ApplicationFailure.newFailure("superseded by a later attempt of the same batch on this worker", "BatchAttemptSuperseded");
        }
        List<ItemFailure> sorted = new ArrayList<>(failures);
        sorted.sort(Comparator.comparingInt(ItemFailure::index));
        return new BatchCallResult(startedItems, (System.nanoTime() - started) / 1_000_000, sorted,
                spend.promptTokens(), spend.completionTokens(), spend.costUsd(), yielded.get() && startedItems < batch.count(),
                spend.tokensUnknownCalls());
    }

    /** Asks the cell every {@link #GATE_CHECK_MILLIS} whether the batch goes on; a closed gate stops it, marked as yielded. */
    private ScheduledFuture<?> askGate(String cellWorkflowId, AtomicBoolean stop, AtomicBoolean yielded) {
        return GATES.scheduleWithFixedDelay(() -> {
            try {
                if (!stop.get() && !gate.open(cellWorkflowId)) {
                    yielded.set(true);
                    stop.set(true);
                }
            } catch (RuntimeException notAsked) {
                // a gate that cannot ask lets the batch run on; a later check asks again
            }
        }, GATE_CHECK_MILLIS, GATE_CHECK_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Readies an item (null: its output was stored when the batch started, nothing to send). */
    private ReadyItem ready(WorkItem item, int index, BatchItems items, CellRecord cell) {
        String sampleId = items.sampleId(index);
        if (items.stored(index)) {
            return null;
        }
        long started = System.nanoTime();
        EvalSample sample = evalSets.sample(cell.evalSet(), sampleId);
        ModelRunner runner = runners.runner(cell);
        ModelRunner.Prepared prepared = runner.prepare(sample, item.trial());
        String promptJson = ItemRecords.promptJson(prepared.prompt());
        long rendered = System.nanoTime();
        ModelGateway.LookedUp looked = runner.gateway().lookUp(prepared.request());
        long done = System.nanoTime();
        phase("ready_ahead", done - started);
        phase("ready_ahead_render", rendered - started);
        phase("ready_ahead_cache_lookup", done - rendered);
        return new ReadyItem(sampleId, sample, runner, prepared, promptJson, looked);
    }

    /**
     * One item of a batch: null when its output is stored before or queued to be stored now (a failure to store it is
     * reported to the batch's {@code writeFailed} later), else its failure as its own activity would raise it. Its request
     * is sent only once the writer has a place for its answer ({@link GroupedOutputWriter#reserve}) and while the batch's
     * {@code dontSend} is false (no write of the batch failed, the batch is not cancelled): an item that waited for a store
     * that then failed is returned unsent, for the per-item path, rather than paid for an answer that could not be stored.
     */
    private ItemFailure callItem(WorkItem item, int index, RunningBatch batch) {
        CellRecord cell = batch.cell();
        try (CallCancellation.Scope calls = CallCancellation.open()) {
            batch.scopes().add(calls);
            boolean reserved = false;
            try {
                long started = System.nanoTime();
                ReadyItem ready = batch.ahead().take(index);
                if (ready == null) {
                    return null;
                }
                batch.writer().reserve();
                reserved = true;
                if (batch.dontSend().getAsBoolean()) {
                    return new ItemFailure(index, NOT_SENT, "not sent: the batch stopped (an output could not be stored, or the batch was"
                            + " cancelled) while this item waited for a place in the output writer");
                }
                long rendered = System.nanoTime();
                List<Runnable> answerWrites = new ArrayList<>(2);
                ModelRunner.Answer answer = send(ready, batch, answerWrites);
                long answered = System.nanoTime();
                phase("take_ready", rendered - started);
                ModelCallRecord record = ItemRecords.output(item, ready.sampleId(), answer.result());
                phase("call", answered - rendered);
                phaseWaits(answer.result());
                reserved = false; // freed by the writer once these writes are committed or have failed
                submitWrites(item, index, ready, answer, record, answerWrites, batch);
                phase("after_call", System.nanoTime() - answered);
                return null;
            } catch (ModelCallException e) {
                metrics.modelFailure(cell.model(), e.kind().name());
                ApplicationFailure f = ModelCallFailures.forActivity(e);
                return new ItemFailure(index, f.getType(), f.getOriginalMessage());
            } catch (ApplicationFailure f) {
                return new ItemFailure(index, f.getType(), f.getOriginalMessage());
            } catch (RuntimeException e) {
                return new ItemFailure(index, e.getClass().getName(), String.valueOf(e.getMessage()));
            } finally {
                if (reserved) {
                    batch.writer().unreserve();
                }
                batch.scopes().remove(calls);
            }
        }
    }

    /**
     * Sends a ready item's request. A window batch's slot answered 429 pauses (Retry-After, else backoff) and sends its
     * item again ({@link RateLimitPause}); a pause ends early when the batch stops (it yields, is cancelled, or a write
     * failed): the item then fails out of the window as before, so a yielding batch does not wait out a long Retry-After.
     */
    private ModelRunner.Answer send(ReadyItem ready, RunningBatch batch, List<Runnable> answerWrites) {
        Supplier<ModelRunner.Answer> send = () -> ready.runner().call(ready.prepared(), ready.looked(), batch.cell().cellId(), answerWrites::add);
        if (!batch.window()) {
            return send.get();
        }
        return rateLimitPause.call(send, () -> batch.dontSend().getAsBoolean() || batch.stops().get(),
                throttled -> metrics.modelFailure(batch.cell().model(), throttled.kind().name()),
                paused -> phase("rate_limit_pause", paused));
    }

    /** Where the rest of a provider call's time went before the request went out (issue 33: 1.47 s per call unexplained). */
    private void phaseWaits(CallResult result) {
        if (result.cacheHit()) {
            return;
        }
        phase("provider_reported_latency", result.response().latencyMillis() * 1_000_000L);
        phase("call_admit", result.waits().admitNanos());
        phase("call_concurrency_limit", result.waits().concurrencyNanos());
        phase("call_pace", result.waits().paceNanos());
        phase("call_backoff", result.waits().backoffNanos());
    }

    /** Queues an answered item's writes (the answer's own, its prompt, ignored-request warnings, its output) in the batch's writer. */
    private void submitWrites(WorkItem item, int index, ReadyItem ready, ModelRunner.Answer answer, ModelCallRecord record,
                              List<Runnable> answerWrites, RunningBatch batch) {
        CallResult result = answer.result();
        batch.writer().submit(new GroupedOutputWriter.Pending(() -> {
            answerWrites.forEach(Runnable::run);
            store.savePrompt(item.cellId(), ready.sampleId(), item.trial(), ready.promptJson());
            // in the same transaction as the output: a retry after a crash records the warning again, not never
            ignoredRequests.record(item.cellId(), ready.sample(), item.trial(), ready.runner().profile(), answer.prompt(), result.response());
            store.saveModelCall(record);
        }, () -> {
            ready.runner().gateway().stored(result); // committed: the gateway no longer keeps the answer for a retry
            metrics.modelCall(batch.cell().model(), result);
            if (!result.cacheHit()) {
                batch.spend().add(record.promptTokens(), record.completionTokens(), result.costUsd(), result.response().tokensUnknown());
            }
        }, e -> batch.writeFailed().accept(new ItemFailure(index, e.getClass().getName(), String.valueOf(e.getMessage())))));
    }

    /** The failure type of a batch item not sent because its batch stopped; the per-item path sends it (retryable). */
    static final String NOT_SENT = "BatchItemNotSent";

    private void phase(String name, long nanos) {
        meters.timer("ibench_batch_item_seconds", "phase", name).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A stored model output, what its call cost (null when the profile has no prices) and whether its tokens are unknown. */
    private record Paid(ModelCallRecord record, Double costUsd, boolean tokensUnknown) {}

    /**
     * Calls the model for an item whose output is not stored yet, and stores the output and the prompt together with the
     * answer's response cache entry and ledger row, in one transaction. When that fails (the disk full, the store down)
     * the gateway keeps the paid answer until it is {@link ModelGateway#stored stored}, so the activity's next attempt
     * on this worker takes it from there instead of paying again (issue 34).
     */
    private Paid pay(WorkItem item, String sampleId, CellRecord cell) {
        EvalSample sample = evalSets.sample(cell.evalSet(), sampleId);
        ModelRunner runner = runners.runner(cell);
        List<Runnable> answerWrites = new ArrayList<>(2);
        ModelRunner.Answer answer = runner.answer(sample, item.trial(), cell.cellId(), answerWrites::add);
        CallResult result = answer.result();
        String promptJson = ItemRecords.promptJson(answer.prompt());
        ModelCallRecord record = ItemRecords.output(item, sampleId, result);
        store.database().inOneTransaction(() -> {
            answerWrites.forEach(Runnable::run);
            store.savePrompt(item.cellId(), sampleId, item.trial(), promptJson);
            // before the output is stored: a retry after a crash here records the warning again, not never
            ignoredRequests.record(item.cellId(), sample, item.trial(), runner.profile(), answer.prompt(), result.response());
            store.saveModelCall(record);
        });
        runner.gateway().stored(result);
        metrics.modelCall(cell.model(), result);
        // a cache hit was paid once, by the call that filled the cache: its tokens, known or not, are not this call's
        return new Paid(record, result.costUsd(), !result.cacheHit() && result.response().tokensUnknown());
    }

    private CellRecord cellOf(String cellId) {
        return store.cell(cellId).orElseThrow(() -> NotInStore.cell(store, cellId));
    }

    private static ModelCallResult summary(ModelCallRecord r, boolean alreadyStored, Double costUsd, boolean tokensUnknown) {
        return new ModelCallResult(r.cacheHit() || alreadyStored, r.promptTokens() == null ? 0 : r.promptTokens(),
                r.completionTokens() == null ? 0 : r.completionTokens(), r.latencyMs() == null ? 0 : r.latencyMs(), costUsd,
                tokensUnknown);
    }
}
