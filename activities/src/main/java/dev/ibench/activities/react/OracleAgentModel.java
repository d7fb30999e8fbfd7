package dev.ibench.activities.react;

import dev.ibench.core.react.OracleAgentScript;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import java.util.List;

/**
 * TEST TOOL, not a model: the ReACT oracle agent ({@link OracleAgentScript}), what a campaign model with an
 * {@code oracle} profile runs in react cells; never cached.
 */
public final class OracleAgentModel implements ReactAgentModel {
    public static final String NAME = "oracle-agent";

    @Override
    public Reply next(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings, int trial) {
        return new Reply(OracleAgentScript.turn(sample, previous), null, 0, 0, 0L, false);
    }
}
