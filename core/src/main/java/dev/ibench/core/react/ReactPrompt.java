package dev.ibench.core.react;

import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;
import java.util.List;

/** The prompt of the next step of a trajectory: the profile's ReACT template (seed G.1) with the previous steps filled in. */
public final class ReactPrompt {
    private ReactPrompt() {}

    public static RenderedPrompt forNextStep(PromptRenderer renderer, EvalSample sample, String initialObservation,
                                             List<ReactStep> previous, ReactSettings settings) {
        return renderer.renderReact(sample, ReactScratchpad.previousRuns(initialObservation, previous, settings.observationChars()), "");
    }
}
