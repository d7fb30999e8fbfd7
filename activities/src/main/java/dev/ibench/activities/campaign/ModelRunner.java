package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;

/** A campaign model ready to answer one eval set's samples: its profile, prompt renderer and gateway. */
public record ModelRunner(ModelProfile profile, PromptRenderer renderer, ModelGateway gateway) {

    public CallResult answer(EvalSample sample) {
        RenderedPrompt prompt = renderer.render(PromptStyles.of(sample), sample);
        return gateway.call(ModelGateway.request(profile, prompt, sample.sampleId(), sample.tools()));
    }
}
