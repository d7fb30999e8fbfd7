package dev.ibench.activities.toolbackend;

import dev.ibench.core.react.ReactObservations;
import dev.ibench.core.runtime.SessionUnavailableException;
import dev.ibench.core.runtime.ToolRuntime;
import dev.ibench.core.runtime.ToolSession;
import dev.ibench.core.sample.EvalSample;

/** SLOT/SEL tools on the worker's own {@link ToolRuntime}. */
public final class InProcessToolBackend implements ReactToolBackend {
    private final ToolRuntime runtime;

    public InProcessToolBackend(ToolRuntime runtime) {
        this.runtime = runtime;
    }

    @Override
    public ReactToolSession open(EvalSample sample) throws SessionUnavailableException {
        ToolSession session = runtime.open(sample);
        return call -> {
            var observation = session.call(call);
            return new ReactToolSession.StepObservation(observation.ok(), ReactObservations.full(observation));
        };
    }
}
