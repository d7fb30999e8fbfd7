package dev.ibench.activities.react;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ibench.activities.campaign.CellAblation;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.campaign.SampleOutcome;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.SampleResultRecord;
import dev.ibench.core.json.Json;
import dev.ibench.core.react.ReactEnd;
import dev.ibench.core.react.ReactOutcome;
import dev.ibench.core.react.ReactOutcomeClassifier;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.runtime.SequenceExecutor;
import dev.ibench.core.sample.EvalSample;
import java.util.List;
import java.util.function.Function;

/**
 * {@link ReactScoringActivities}: classifies the stored trajectory and stores the sample's result with
 * {@code score_json} = the {@link ReactOutcome} plus {@code "mode":"react"}. Pure recomputation from stored data.
 */
public final class ReactScoringActivitiesImpl implements ReactScoringActivities {
    private final ResultsStore store;
    private final ReactTrajectoryStore trajectories;
    private final EvalSetCache evalSets;
    private final Function<String, SequenceExecutor> executorOfEvalSet;
    private final Function<CellRecord, CellAblation> ablationOfCell;

    /** One completion executor for every eval set. */
    public ReactScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, SequenceExecutor executor) {
        this(store, evalSets, evalSet -> executor);
    }

    /** @param executorOfEvalSet the completion executor of an eval set (a REST set's endpoints compare answers their way) */
    public ReactScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, SequenceExecutor> executorOfEvalSet) {
        this(store, evalSets, executorOfEvalSet, cell -> CellAblation.NONE);
    }

    /** @param ablationOfCell each cell's ablation: the trajectory's calls are recorded in the sample's own names */
    public ReactScoringActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, SequenceExecutor> executorOfEvalSet,
                                      Function<CellRecord, CellAblation> ablationOfCell) {
        this.store = store;
        this.trajectories = new ReactTrajectoryStore(store);
        this.evalSets = evalSets;
        this.executorOfEvalSet = executorOfEvalSet;
        this.ablationOfCell = ablationOfCell;
    }

    @Override
    public SampleOutcome finish(ReactFinishRequest request) {
        ReactStepRef ref = request.ref();
        CellRecord cell = ReactSamples.cell(store, ref);
        String sampleId = ReactSamples.sampleId(store, ref);
        EvalSample sample = ReactSamples.sample(evalSets, cell, sampleId);
        CellAblation ablation = ablationOfCell.apply(cell);
        List<ReactStep> steps = trajectories.steps(ref.cellId(), sampleId, ref.trial(), request.budget()).stream()
                .map(s -> s.isAction() ? s.withCalls(s.calls().stream().map(c -> ablation.restore(sample, c)).toList()) : s)
                .toList();
        ReactOutcome outcome = ReactOutcomeClassifier.classify(sample, steps, request.budget(), executorOfEvalSet.apply(cell.evalSet()));
        ObjectNode json = Json.MAPPER.valueToTree(outcome);
        json.put("mode", "react");
        store.saveSampleResult(new SampleResultRecord(ref.cellId(), sampleId, ref.trial(), SampleResultRecord.SCORED,
                outcome.completed(), ReactTrajectoryStore.json(json), null));
        return SampleOutcome.scored(outcome.end() == ReactEnd.FINAL_ANSWER, outcome.completed());
    }
}
