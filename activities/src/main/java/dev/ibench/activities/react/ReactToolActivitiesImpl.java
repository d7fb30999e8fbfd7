package dev.ibench.activities.react;

import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.activities.toolbackend.ReactToolSession;
import dev.ibench.core.react.ObservationTruncation;
import dev.ibench.core.react.ReactFormat;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.Optional;

/**
 * {@link ReactToolActivities} against the cell's tool backend ({@link ReactToolBackends}): the in-process SLOT/SEL
 * {@link ToolRuntime}, or an MCP server when the campaign says {@code tools_via: mcp}.
 */
public final class ReactToolActivitiesImpl implements ReactToolActivities {
    /** A session that cannot be opened (database missing, join broken) is an infrastructure problem. */
    public static final String TOOLS_UNAVAILABLE = "ToolsUnavailable";
    private static final int PREVIEW_CHARS = 120;

    private final ResultsStore store;
    private final ReactTrajectoryStore trajectories;
    private final EvalSetCache evalSets;
    private final ReactToolBackends backends;

    public ReactToolActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ToolRuntime runtime) {
        this(store, evalSets, new ReactToolBackends(store, runtime));
    }

    public ReactToolActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ReactToolBackends backends) {
        this.store = store;
        this.trajectories = new ReactTrajectoryStore(store);
        this.evalSets = evalSets;
        this.backends = backends;
    }

    @Override
    public ToolStepSummary initialize(ReactStepRef ref) {
        String sampleId = ReactSamples.sampleId(store, ref);
        Optional<ToolExecutionRecord> done = trajectories.initialization(ref.cellId(), sampleId, ref.trial());
        if (done.isPresent()) {
            return new ToolStepSummary(0, done.get().ok(), preview(done.get().observation()));
        }
        CellRecord cell = cell(ref);
        EvalSample sample = ReactSamples.sample(evalSets, cell, sampleId);
        open(cell, sample, ref).close();
        String note = ReactFormat.initialObservation(sample);
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
        CellRecord cell = cell(ref);
        EvalSample sample = ReactSamples.sample(evalSets, cell, sampleId);
        ReactStep step = steps.get(ref.step() - 1);
        ReactToolSession.StepObservation observation;
        try (ReactToolSession session = open(cell, sample, ref)) {
            for (ReactStep earlier : steps.subList(0, ref.step() - 1)) {
                if (earlier.isAction()) {
                    session.call(earlier.call()); // replay: rebinds the earlier results to their labels
                }
            }
            observation = session.call(step.call());
        }
        trajectories.saveToolExecution(ref.cellId(), sampleId, ref.trial(), ref.step(), step.call(), observation.text(), observation.ok());
        return new ToolStepSummary(ref.step(), observation.ok(), preview(observation.text()));
    }

    private ReactToolSession open(CellRecord cell, EvalSample sample, ReactStepRef ref) {
        try {
            return backends.forCell(cell).open(sample);
        } catch (SessionUnavailableException e) {
            throw ApplicationFailure.newNonRetryableFailure(ref + ": tools unavailable: " + e.getMessage(), TOOLS_UNAVAILABLE);
        }
    }

    private CellRecord cell(ReactStepRef ref) {
        return ReactSamples.cell(store, ref);
    }

    private static String preview(String observation) {
        return ObservationTruncation.truncate(observation, PREVIEW_CHARS);
    }
}
