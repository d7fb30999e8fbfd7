package dev.ibench.activities.react;

import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.react.OracleAgentScript;
import dev.ibench.core.react.ReactPrompt;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import java.util.List;

/**
 * TEST TOOL, not a model: the ReACT oracle agent ({@link OracleAgentScript}), what a campaign model with an
 * {@code oracle} profile runs in react cells; never cached. Given its profile it renders each step's prompt as a
 * model of that profile would be asked (stored, so a campaign shows what a model would have read), and ignores it.
 */
public final class OracleAgentModel implements ReactAgentModel {
    public static final String NAME = "oracle-agent";

    private final PromptRenderer renderer;

    /** An oracle that renders no prompt. */
    public OracleAgentModel() {
        this.renderer = null;
    }

    /** An oracle that renders each step's prompt with {@code profile}'s ReACT template. */
    public OracleAgentModel(ModelProfile profile) {
        this.renderer = new PromptRenderer(profile, IclExamples.none());
    }

    @Override
    public Reply next(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings, int trial) {
        return new Reply(OracleAgentScript.turn(sample, previous), null, 0, 0, 0L, false, null, null, null, false);
    }

    @Override
    public RenderedPrompt prompt(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings) {
        return renderer == null ? null : ReactPrompt.forNextStep(renderer, sample, initialObservation, previous, settings);
    }
}
