package dev.ibench.activities.react;

import dev.ibench.activities.campaign.CellAblation;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ModelCallRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.react.ReactTurn;
import dev.ibench.core.sample.EvalSample;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link ReactModelActivities} against the results store and the cell's {@link ReactAgentModel}. A failed model call
 * is mapped exactly as in direct cells ({@link ModelCallFailures#forActivity}: endpoint rejections stop the cell,
 * sample rejections end the item, the rest is retried with the server's Retry-After), except that a prompt grown past
 * the context is recorded as the trajectory's end.
 */
public final class ReactModelActivitiesImpl implements ReactModelActivities {
    private static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(2);

    private final ResultsStore store;
    private final ReactTrajectoryStore trajectories;
    private final EvalSetCache evalSets;
    private final Function<CellRecord, ReactAgentModel> modelOfCell;
    private final Function<CellRecord, CellAblation> ablationOfCell;

    /** @param modelOfCell the agent model of a cell (its campaign's model entry); no cell is ablated */
    public ReactModelActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<CellRecord, ReactAgentModel> modelOfCell) {
        this(store, evalSets, modelOfCell, cell -> CellAblation.NONE);
    }

    /** @param ablationOfCell each cell's ablation: what its agent is shown of a sample and how its prompt reads */
    public ReactModelActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<CellRecord, ReactAgentModel> modelOfCell,
                                    Function<CellRecord, CellAblation> ablationOfCell) {
        this.store = store;
        this.trajectories = new ReactTrajectoryStore(store);
        this.evalSets = evalSets;
        this.modelOfCell = modelOfCell;
        this.ablationOfCell = ablationOfCell;
    }

    @Override
    public ReactTurnSummary think(ReactThinkRequest request) {
        ReactStepRef ref = request.ref();
        CellRecord cell = ReactSamples.cell(store, ref);
        String sampleId = ReactSamples.sampleId(store, ref);
        Optional<ModelCallRecord> stored = store.modelCall(ref.cellId(), sampleId, ref.trial(), ref.step());
        if (stored.isPresent()) {
            return summary(ReactStep.of(ref.step(), stored.get().rawOutput()), true);
        }
        EvalSample sample = ReactSamples.sample(evalSets, cell, sampleId);
        List<ReactStep> previous = trajectories.steps(ref.cellId(), sampleId, ref.trial(), ref.step() - 1);
        if (previous.size() != ref.step() - 1) {
            throw ApplicationFailure.newNonRetryableFailure(ref + ": only " + previous.size() + " earlier steps are stored",
                    "ReactTrajectoryGap");
        }
        String initial = trajectories.initialObservation(ref.cellId(), sampleId, ref.trial());
        ReactSettings settings = new ReactSettings(ReactSettings.DEFAULT.budget(), request.observationChars());
        ReactAgentModel model = modelOfCell.apply(cell);
        ReactAgentModel.Reply reply;
        try {
            reply = Heartbeating.call(() -> {
                // stored observations are already in the shown names (ReactToolActivitiesImpl)
                CellAblation ablation = ablationOfCell.apply(cell);
                EvalSample shown = ablation.shown(sample);
                RenderedPrompt rendered = model.prompt(shown, initial, previous, settings);
                RenderedPrompt prompt = rendered == null ? null : ablation.prompt(sample, rendered);
                if (prompt != null) {
                    store.saveStepPrompt(ref.cellId(), sampleId, ref.trial(), ref.step(), ReactTrajectoryStore.json(prompt));
                }
                return model.next(shown, prompt, initial, previous, settings, ref.trial());
            }, HEARTBEAT_EVERY, ref.step());
        } catch (ModelCallException e) {
            if (e.kind() == ErrorKind.CONTEXT_LENGTH) {
                store.recordError(ref.cellId(), sampleId, ref.trial(), ref.step(), ReactTurnSummary.CONTEXT_EXCEEDED, e.getMessage());
                return ReactTurnSummary.unpaid(ref.step(), ReactTurnSummary.CONTEXT_EXCEEDED, null, null, false);
            }
            throw ModelCallFailures.forActivity(e);
        }
        store.saveModelCall(new ModelCallRecord(ref.cellId(), sampleId, ref.trial(), ref.step(), reply.cacheKey(), reply.text(),
                reply.promptTokens(), reply.completionTokens(), reply.latencyMs(), reply.cacheHit(), reply.reasoning(), reply.reasoningTokens()));
        ReactTurnSummary summary = summary(ReactStep.of(ref.step(), reply.text()), false);
        // a cache hit was paid once, by the call that filled the cache (docs/ledger.md)
        return reply.cacheHit() ? summary.paid(0, 0, reply.costUsd(), false)
                : summary.paid(orZero(reply.promptTokens()), orZero(reply.completionTokens()), reply.costUsd(), reply.tokensUnknown());
    }

    private static long orZero(Integer tokens) {
        return tokens == null ? 0 : tokens;
    }

    private static ReactTurnSummary summary(ReactStep step, boolean reused) {
        if (step.turn() instanceof ReactTurn.Action) {
            return ReactTurnSummary.unpaid(step.step(), ReactTurnSummary.ACTION, step.call().name(),
                    ReactTrajectoryStore.shortCall(step.call(), 160), reused);
        }
        if (step.turn() instanceof ReactTurn.NativeCalls n) {
            return ReactTurnSummary.unpaid(step.step(), ReactTurnSummary.ACTION, n.calls().get(0).name(),
                    ReactTrajectoryStore.shortCalls(n.calls(), 160), reused);
        }
        String kind = step.isFinalAnswer() ? ReactTurnSummary.FINAL_ANSWER : ReactTurnSummary.PARSE_FAILURE;
        return ReactTurnSummary.unpaid(step.step(), kind, null, null, reused);
    }
}
