package dev.ibench.activities.react;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.react.ObservationTruncation;
import dev.ibench.core.react.ReactFormat;
import dev.ibench.core.react.ReactObservations;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.Observation;
import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.runtime.ToolSession;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.KeyDescription;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@link ReactToolActivities} against the in-process SLOT/SEL {@link ToolRuntime}. */
public final class ReactToolActivitiesImpl implements ReactToolActivities {
    /** A session that cannot be opened (database missing, join broken) is an infrastructure problem. */
    public static final String TOOLS_UNAVAILABLE = "ToolsUnavailable";
    private static final int PREVIEW_CHARS = 120;

    private final ResultsStore store;
    private final ReactTrajectoryStore trajectories;
    private final EvalSetCache evalSets;
    private final ToolRuntime runtime;

    public ReactToolActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ToolRuntime runtime) {
        this.store = store;
        this.trajectories = new ReactTrajectoryStore(store);
        this.evalSets = evalSets;
        this.runtime = runtime;
    }

    @Override
    public ToolStepSummary initialize(ReactStepRef ref) {
        String sampleId = ReactSamples.sampleId(store, ref);
        Optional<ToolExecutionRecord> done = trajectories.initialization(ref.cellId(), sampleId, ref.trial());
        if (done.isPresent()) {
            return new ToolStepSummary(0, done.get().ok(), preview(done.get().observation()));
        }
        EvalSample sample = ReactSamples.sample(evalSets, cell(ref), sampleId);
        open(sample, ref);
        String note = ReactFormat.initialObservation(startingLabel(sample), "a table with the keys "
                + sample.keyValuesAndDescriptions().stream().map(KeyDescription::keyName).collect(Collectors.joining(", ")));
        trajectories.saveToolExecution(ref.cellId(), sampleId, ref.trial(), 0,
                sample.initializationStep() == null ? InitializationStep.NAME : sample.initializationStep(), note, true);
        return new ToolStepSummary(0, true, preview(note));
    }

    @Override
    public ToolStepSummary act(ReactStepRef ref) {
        String sampleId = ReactSamples.sampleId(store, ref);
        Optional<ToolExecutionRecord> done = trajectories.toolExecution(ref.cellId(), sampleId, ref.trial(), ref.step());
        if (done.isPresent()) {
            return new ToolStepSummary(ref.step(), done.get().ok(), preview(done.get().observation()));
        }
        List<ReactStep> steps = trajectories.steps(ref.cellId(), sampleId, ref.trial(), ref.step());
        if (steps.size() != ref.step() || !steps.get(ref.step() - 1).isAction()) {
            throw ApplicationFailure.newNonRetryableFailure(ref + " has no stored action to run", "ReactNoAction");
        }
        EvalSample sample = ReactSamples.sample(evalSets, cell(ref), sampleId);
        ToolSession session = open(sample, ref);
        for (ReactStep earlier : steps.subList(0, ref.step() - 1)) {
            if (earlier.isAction()) {
                session.call(earlier.call()); // replay: rebinds the earlier results to their labels
            }
        }
        ReactStep step = steps.get(ref.step() - 1);
        Observation observation = session.call(step.call());
        String full = ReactObservations.full(observation);
        trajectories.saveToolExecution(ref.cellId(), sampleId, ref.trial(), ref.step(), step.call(), full, observation.ok());
        return new ToolStepSummary(ref.step(), observation.ok(), preview(full));
    }

    private ToolSession open(EvalSample sample, ReactStepRef ref) {
        try {
            return runtime.open(sample);
        } catch (SessionUnavailableException e) {
            throw ApplicationFailure.newNonRetryableFailure(ref + ": tools unavailable: " + e.getMessage(), TOOLS_UNAVAILABLE);
        }
    }

    private static String startingLabel(EvalSample sample) {
        Object label = sample.initializationStep() == null ? null : sample.initializationStep().get("label");
        return label == null ? InitializationStep.STARTING_LABEL : String.valueOf(label);
    }

    private CellRecord cell(ReactStepRef ref) {
        return ReactSamples.cell(store, ref);
    }

    private static String preview(String observation) {
        return ObservationTruncation.truncate(observation, PREVIEW_CHARS);
    }
}
