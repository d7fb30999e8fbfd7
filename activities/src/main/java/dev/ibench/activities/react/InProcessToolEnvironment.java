package dev.ibench.activities.react;

import dev.ibench.core.react.ReactFormat;
import dev.ibench.core.react.ReactObservations;
import dev.ibench.core.runtime.InitializationStep;
import dev.ibench.core.runtime.Observation;
import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.runtime.ToolSession;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * SLOT/SEL actions in process on the {@link ToolRuntime}: step 0 runs the sample's hidden join and tells the agent
 * the starting table's label; each action re-opens the session (the join is cached per process) and replays the
 * earlier calls so that their labels are bound again.
 */
public final class InProcessToolEnvironment implements ReactToolEnvironment {
    private final ToolRuntime runtime;

    public InProcessToolEnvironment(ToolRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public ReactOpening open(EvalSample sample) throws ToolEnvironmentUnavailableException {
        session(sample);
        String note = ReactFormat.initialObservation(sample);
        return new ReactOpening(sample.initializationStep() == null ? InitializationStep.NAME : sample.initializationStep(), note);
    }

    @Override
    public ActionObservation act(EvalSample sample, List<ToolCall> earlier, ToolCall call) throws ToolEnvironmentUnavailableException {
        ToolSession session = session(sample);
        for (ToolCall previous : earlier) {
            session.call(previous); // rebinds the earlier results to their labels
        }
        Observation observation = session.call(call);
        return new ActionObservation(ReactObservations.full(observation), observation.ok());
    }

    private ToolSession session(EvalSample sample) throws ToolEnvironmentUnavailableException {
        try {
            return runtime.open(sample);
        } catch (SessionUnavailableException e) {
            throw new ToolEnvironmentUnavailableException(e.getMessage(), false, e);
        }
    }
}
