package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.CallCancellation;
import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelCallException;
import dev.ibench.activities.llm.ModelCallFailures;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import io.micrometer.core.instrument.MeterRegistry;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.client.ActivityCompletionException;
import io.temporal.failure.ApplicationFailure;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Calls a cell's model for one work item and stores the raw output under the item's key. A stored
 * output is returned as is, so a retried, resumed or duplicated activity never calls the model twice.
 * Heartbeats every few seconds while the model works, so a killed worker's item moves on quickly; when a heartbeat
 * learns that the activity was cancelled, the in-flight HTTP request is aborted and no retry is sent.
 * Failures are mapped to Temporal: endpoint rejections stop the cell, sample rejections are the
 * item's own, everything else is retried by Temporal with Retry-After honoured.
 */
public final class ModelCallActivitiesImpl implements ModelCallActivities {
    private static final ScheduledExecutorService HEARTBEATS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ibench-model-call-heartbeats");
        t.setDaemon(true);
        return t;
    });

    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final ModelRunners runners;
    private final CampaignMetrics metrics;
    private final IgnoredRequestRecorder ignoredRequests;

    public ModelCallActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ModelRunners runners, MeterRegistry meters) {
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
            return summary(stored.get(), true);
        }
        CellRecord cell = store.cell(item.cellId()).orElseThrow(() -> ApplicationFailure.newNonRetryableFailure(
                "cell " + item.cellId() + " is not in the results store", "UnknownCell"));
        EvalSample sample = evalSets.sample(cell.evalSet(), sampleId);
        ModelRunner runner = runners.runner(cell);
        ModelRunner.Answer answer = callWithHeartbeats(runner, sample, item.trial(), cell);
        CallResult result = answer.result();
        store.savePrompt(item.cellId(), sampleId, item.trial(), promptJson(answer.prompt()));
        ModelCallRecord record = new ModelCallRecord(item.cellId(), sampleId, item.trial(), 0, result.cacheKey(),
                RawModelOutput.of(result.response()), result.response().promptTokens(), result.response().completionTokens(),
                result.response().latencyMillis(), result.cacheHit());
        // before the output is stored: a retry after a crash here records the warning again, not never
        ignoredRequests.record(item.cellId(), sample, item.trial(), runner.profile(), answer.prompt(), result.response());
        store.saveModelCall(record);
        metrics.modelCall(cell.model(), result);
        return summary(record, false);
    }

    private static String promptJson(RenderedPrompt prompt) {
        try {
            return Json.MAPPER.writeValueAsString(prompt);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a rendered prompt", e);
        }
    }

    private ModelRunner.Answer callWithHeartbeats(ModelRunner runner, EvalSample sample, int trial, CellRecord cell) {
        ActivityExecutionContext context = Activity.getExecutionContext();
        AtomicReference<ActivityCompletionException> cancellation = new AtomicReference<>();
        try (CallCancellation.Scope calls = CallCancellation.open()) {
            ScheduledFuture<?> beat = HEARTBEATS.scheduleAtFixedRate(() -> heartbeat(context, calls, cancellation), 2, 5, TimeUnit.SECONDS);
            try {
                return runner.answer(sample, trial);
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

    /** A heartbeat the server answers with cancellation (or a timed-out activity) aborts the in-flight model request. */
    static void heartbeat(ActivityExecutionContext context, CallCancellation.Scope calls,
                          AtomicReference<ActivityCompletionException> cancellation) {
        try {
            context.heartbeat(null);
        } catch (ActivityCompletionException cancelledOrTimedOut) {
            cancellation.compareAndSet(null, cancelledOrTimedOut);
            calls.cancel();
        } catch (RuntimeException heartbeatNotSent) {
            // e.g. the server is briefly unreachable: the next beat tries again
        }
    }

    private static ModelCallResult summary(ModelCallRecord r, boolean alreadyStored) {
        return new ModelCallResult(r.cacheHit() || alreadyStored, r.promptTokens() == null ? 0 : r.promptTokens(),
                r.completionTokens() == null ? 0 : r.completionTokens(), r.latencyMs() == null ? 0 : r.latencyMs());
    }
}
