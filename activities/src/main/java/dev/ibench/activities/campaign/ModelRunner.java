package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.EvalSample;

/**
 * A campaign model ready to answer one eval set's samples: its profile (with the campaign's decoding overrides
 * applied), prompt renderer, gateway and the campaign's decoding block (top_p, the seed trials derive theirs from).
 */
public record ModelRunner(ModelProfile profile, PromptRenderer renderer, ModelGateway gateway, DecodingOverrides decoding) {

    /** Trial {@code trial} of a sample: its own request (own cache entry) with its own sampling seed. */
    public CallResult answer(EvalSample sample, int trial) {
        RenderedPrompt prompt = renderer.render(PromptStyles.of(sample), sample);
        long seed = TrialSeed.of(decoding.campaignSeed(), sample.sampleId(), trial);
        return gateway.call(ModelGateway.trialRequest(profile, prompt, sample.sampleId(), sample.tools(), trial, seed, decoding.topP()));
    }
}
