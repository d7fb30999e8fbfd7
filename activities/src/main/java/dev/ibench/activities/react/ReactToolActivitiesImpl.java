package dev.ibench.activities.react;

import dev.ibench.activities.campaign.CellAblation;
import dev.ibench.activities.campaign.EvalSetCache;
import dev.ibench.activities.llm.Heartbeating;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.activities.store.ToolExecutionRecord;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.react.NativeReactConversation;
import dev.ibench.core.react.ObservationTruncation;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.react.ReactTurn;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import io.temporal.failure.ApplicationFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link ReactToolActivities}: runs a step in the {@link ReactToolEnvironment} of the cell's eval set and stores its
 * observation; a stored step is returned as it is (a retried or replayed step never acts twice). An environment that
 * cannot be opened fails the step with {@link #TOOLS_UNAVAILABLE} (not retried) or, when it may come back (a tool
 * server not answering), with {@link #TOOLS_UNREACHABLE} (retried by the activity's policy); either way the cell
 * records the item as infra_error, never as the agent's failure.
 */
public final class ReactToolActivitiesImpl implements ReactToolActivities {
    /** A session that cannot be opened (database missing, join broken) is an infrastructure problem. */
    public static final String TOOLS_UNAVAILABLE = "ToolsUnavailable";
    /** A tool server that did not answer; retried. */
    public static final String TOOLS_UNREACHABLE = "ToolsUnreachable";
    private static final int PREVIEW_CHARS = 120;
    /** The observation of an action the cell's ablation refuses (a tool or argument name that was not offered). */
    static final String NOT_OFFERED = "Error: the action could not be run: its tool or an argument name is not one this API serves";
    /** Heartbeats of a running action: how a cancellation reaches it (the step's heartbeat timeout is longer). */
    static final Duration HEARTBEAT_EVERY = Duration.ofSeconds(2);

    private final ResultsStore store;
    private final ReactTrajectoryStore trajectories;
    private final EvalSetCache evalSets;
    private final Function<CellRecord, ReactToolEnvironment> environmentOfCell;
    private final Function<CellRecord, CellAblation> ablationOfCell;

    /** In-process SLOT/SEL tools only. */
    public ReactToolActivitiesImpl(ResultsStore store, EvalSetCache evalSets, ToolRuntime runtime) {
        this(store, evalSets, ReactToolEnvironments.inProcessOnly(runtime));
    }

    /** @param environmentOfEvalSet where the actions of a cell on an eval set (its file) run */
    public ReactToolActivitiesImpl(ResultsStore store, EvalSetCache evalSets, Function<String, ReactToolEnvironment> environmentOfEvalSet) {
        this(store, (Function<CellRecord, ReactToolEnvironment>) cell -> environmentOfEvalSet.apply(cell.evalSet()), evalSets);
    }

    private ReactToolActivitiesImpl(ResultsStore store, Function<CellRecord, ReactToolEnvironment> environmentOfCell, EvalSetCache evalSets) {
        this(store, environmentOfCell, evalSets, cell -> CellAblation.NONE);
    }

    private ReactToolActivitiesImpl(ResultsStore store, Function<CellRecord, ReactToolEnvironment> environmentOfCell, EvalSetCache evalSets,
                                    Function<CellRecord, CellAblation> ablationOfCell) {
        this.store = store;
        this.trajectories = new ReactTrajectoryStore(store);
        this.evalSets = evalSets;
        this.environmentOfCell = environmentOfCell;
        this.ablationOfCell = ablationOfCell;
    }

    /**
     * As {@link #byCell(ResultsStore, EvalSetCache, Function)}, each cell's actions seen through its ablation: an action
     * is mapped back to the sample's own names before it runs, and its observation (error messages included) is
     * stored and shown in the names the agent was shown.
     */
    public static ReactToolActivitiesImpl byCell(ResultsStore store, EvalSetCache evalSets, Function<CellRecord, ReactToolEnvironment> environmentOfCell,
                                                 Function<CellRecord, CellAblation> ablationOfCell) {
        return new ReactToolActivitiesImpl(store, environmentOfCell, evalSets, ablationOfCell);
    }

    /**
     * @param environmentOfCell where the actions of a cell run, e.g. by its campaign's {@code tools_via}
     *     ({@code dev.ibench.activities.mcp.CampaignToolEnvironments})
     */
    public static ReactToolActivitiesImpl byCell(ResultsStore store, EvalSetCache evalSets, Function<CellRecord, ReactToolEnvironment> environmentOfCell) {
        return new ReactToolActivitiesImpl(store, environmentOfCell, evalSets);
    }

    @Override
    public ToolStepSummary initialize(ReactStepRef ref) {
        String sampleId = ReactSamples.sampleId(store, ref);
        Optional<ToolExecutionRecord> done = trajectories.initialization(ref.cellId(), sampleId, ref.trial());
        if (done.isPresent()) {
            return new ToolStepSummary(0, done.get().ok(), preview(done.get().observation()));
        }
        CellRecord cell = ReactSamples.cell(store, ref);
        EvalSample sample = ReactSamples.sample(evalSets, cell, sampleId);
        ReactToolEnvironment.ReactOpening opening;
        try {
            opening = environmentOfCell.apply(cell).open(new TrajectoryId(ref.cellId(), sampleId, ref.trial()), sample);
        } catch (ToolEnvironmentUnavailableException e) {
            throw unavailable(ref, e);
        }
        String note = ablationOfCell.apply(cell).observation(sample, opening.note());
        trajectories.saveToolExecution(ref.cellId(), sampleId, ref.trial(), 0, opening.step(), note, true);
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
        CellRecord cell = ReactSamples.cell(store, ref);
        EvalSample sample = ReactSamples.sample(evalSets, cell, sampleId);
        CellAblation ablation = ablationOfCell.apply(cell);
        List<ToolCall> earlier = steps.subList(0, ref.step() - 1).stream().flatMap(s -> s.calls().stream())
                .map(c -> ablation.restore(sample, c)).filter(c -> !Ablation.refused(c)).toList();
        ReactStep current = steps.get(ref.step() - 1);
        if (current.turn() instanceof ReactTurn.NativeCalls n) {
            return actNative(ref, sampleId, cell, sample, ablation, earlier, n);
        }
        ToolCall call = ablation.restore(sample, current.call());
        if (Ablation.refused(call)) {
            // not run, and not echoed: under obfuscation the agent's wrong name may be a real one
            trajectories.saveToolExecution(ref.cellId(), sampleId, ref.trial(), ref.step(), call, NOT_OFFERED, false);
            return new ToolStepSummary(ref.step(), false, preview(NOT_OFFERED));
        }
        ReactToolEnvironment.ActionObservation observation = run(ref, sampleId, environmentOfCell.apply(cell), sample, earlier, call);
        String shown = ablation.observation(sample, observation.text());
        trajectories.saveToolExecution(ref.cellId(), sampleId, ref.trial(), ref.step(), call, shown, observation.ok());
        return new ToolStepSummary(ref.step(), observation.ok(), preview(shown));
    }

    /**
     * A native turn's calls, in order, each after the trajectory's earlier calls and this turn's calls before it; stored
     * as one step: the calls (in the sample's names; a call whose arguments are not a JSON object as the model wrote it,
     * not run, its observation saying so) and the JSON list of their observations. The step is ok when every call that
     * ran succeeded.
     */
    private ToolStepSummary actNative(ReactStepRef ref, String sampleId, CellRecord cell, EvalSample sample, CellAblation ablation,
                                      List<ToolCall> earlier, ReactTurn.NativeCalls turn) {
        ReactToolEnvironment environment = environmentOfCell.apply(cell);
        List<ToolCall> ran = new ArrayList<>(earlier);
        List<Object> calls = new ArrayList<>();
        List<String> observations = new ArrayList<>();
        boolean ok = true;
        for (int i = 0; i < turn.calls().size(); i++) {
            ToolCall parsed = ReactStep.nativeCall(ref.step(), turn.calls(), i);
            if (parsed == null) {
                calls.add(turn.calls().get(i));
                observations.add(NativeReactConversation.argumentsNotAnObject(turn.calls().get(i)));
                continue;
            }
            ToolCall call = ablation.restore(sample, parsed);
            calls.add(call);
            if (Ablation.refused(call)) {
                observations.add(NOT_OFFERED);
                ok = false;
                continue;
            }
            ReactToolEnvironment.ActionObservation observation = run(ref, sampleId, environment, sample, List.copyOf(ran), call);
            observations.add(ablation.observation(sample, observation.text()));
            ok &= observation.ok();
            ran.add(call);
        }
        trajectories.saveToolExecution(ref.cellId(), sampleId, ref.trial(), ref.step(), calls, ReactTrajectoryStore.json(observations), ok);
        String more = observations.size() > 1 ? " (+ " + (observations.size() - 1) + " more)" : "";
        return new ToolStepSummary(ref.step(), ok, preview(observations.get(0)) + more);
    }

    /** Runs {@code call} on a helper thread while this one heartbeats: a cancelled step aborts its HTTP request (REST tools). */
    private static ReactToolEnvironment.ActionObservation run(ReactStepRef ref, String sampleId, ReactToolEnvironment environment,
                                                              EvalSample sample, List<ToolCall> earlier, ToolCall call) {
        try {
            return Heartbeating.call(() -> {
                try {
                    return environment.act(new TrajectoryId(ref.cellId(), sampleId, ref.trial()), sample, earlier, call);
                } catch (ToolEnvironmentUnavailableException e) {
                    throw new Unavailable(e);
                }
            }, HEARTBEAT_EVERY, ref.step());
        } catch (Unavailable e) {
            throw unavailable(ref, e.cause);
        }
    }

    /** Carries the checked exception out of the helper thread. */
    private static final class Unavailable extends RuntimeException {
        private final ToolEnvironmentUnavailableException cause;

        Unavailable(ToolEnvironmentUnavailableException cause) {
            super(cause.getMessage(), cause, false, false);
            this.cause = cause;
        }
    }

    private static ApplicationFailure unavailable(ReactStepRef ref, ToolEnvironmentUnavailableException e) {
        String message = ref + ": tools unavailable: " + e.getMessage();
        return e.retryable()
                ? ApplicationFailure.newFailureWithCause(message, TOOLS_UNREACHABLE, e)
                : ApplicationFailure.newNonRetryableFailureWithCause(message, TOOLS_UNAVAILABLE, e);
    }

    private static String preview(String observation) {
        return ObservationTruncation.truncate(observation, PREVIEW_CHARS);
    }
}
