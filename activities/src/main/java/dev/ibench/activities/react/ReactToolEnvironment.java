package dev.ibench.activities.react;

import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.ToolCall;
import java.util.List;

/**
 * Where the actions of a ReACT trajectory run: the in-process SLOT/SEL tool runtime ({@link InProcessToolEnvironment}),
 * the published HTTP endpoints of a REST eval set ({@link HttpRestToolEnvironment}), and any further kind of live tools
 * (an MCP server). {@link ReactToolEnvironments} picks the environment of a cell's eval set; the tool steps
 * ({@link ReactToolActivitiesImpl}) store what it returns and know nothing else about it.
 *
 * <p>Contract. Callers keep no session: every call names the sample and passes the trajectory's earlier actions, so any
 * tools worker can run any step after a crash. An environment whose tools hold state (labels bound to earlier
 * results) replays {@code earlier}; a stateless one ignores it. A bad call (unknown tool, wrong argument, a 4xx
 * response) is an observation with {@code ok = false}, never an exception: it is the agent's mistake and the agent sees
 * it. Only an environment that cannot be reached or opened throws {@link ToolEnvironmentUnavailableException}: that
 * is an infrastructure problem and the sample is never scored as the model's failure.
 *
 * <p>The tool steps call the variants that name the trajectory ({@link TrajectoryId}): an environment may keep the
 * trajectory's session between its steps (the MCP environment keeps it in a pooled connection) and run only the new
 * action when that session has run exactly {@code earlier}; it must replay {@code earlier} whenever it has no such
 * session (another worker, a restart, an evicted connection), so keeping sessions never changes an observation.
 */
public interface ReactToolEnvironment {
    /**
     * Step 0: prepares the sample (for SLOT/SEL the hidden join) and returns the note the agent sees before its first
     * step (empty when the environment has nothing to tell).
     */
    ReactOpening open(EvalSample sample) throws ToolEnvironmentUnavailableException;

    /** Runs {@code call} after the trajectory's {@code earlier} actions; the observation is stored in full. */
    ActionObservation act(EvalSample sample, List<ToolCall> earlier, ToolCall call) throws ToolEnvironmentUnavailableException;

    /** {@link #open(EvalSample)} of {@code trajectory}'s step 0 (environments that keep no session ignore the id). */
    default ReactOpening open(TrajectoryId trajectory, EvalSample sample) throws ToolEnvironmentUnavailableException {
        return open(sample);
    }

    /** {@link #act(EvalSample, List, ToolCall)} of a step of {@code trajectory} (environments that keep no session ignore the id). */
    default ActionObservation act(TrajectoryId trajectory, EvalSample sample, List<ToolCall> earlier, ToolCall call)
            throws ToolEnvironmentUnavailableException {
        return act(sample, earlier, call);
    }

    /**
     * What step 0 did: {@code step} is stored as its call (a name, or the sample's initialization step as it is), and
     * {@code note} is what the agent sees first (empty: nothing).
     */
    record ReactOpening(Object step, String note) {}

    /** The full text the agent observes after an action, and whether the action succeeded. */
    record ActionObservation(String text, boolean ok) {}
}
