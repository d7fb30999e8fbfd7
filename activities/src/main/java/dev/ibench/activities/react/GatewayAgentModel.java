package dev.ibench.activities.react;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.react.ReactPrompt;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import java.util.ArrayList;
import java.util.List;

/**
 * A real model as a ReACT agent: the profile's ReACT template (seed G.1) with the previous steps, sent
 * through the {@link ModelGateway} (response cache, classified retries, endpoint limits). Free text, no
 * constrained output; generation stops at {@code Observation:} as the format asks (observations come
 * from the tools). The prompt holds every previous step, so its cache key differs per step.
 */
public final class GatewayAgentModel implements ReactAgentModel {
    static final String STOP_AT_OBSERVATION = "\nObservation:";

    private final ModelProfile profile;
    private final ModelGateway gateway;
    private final DecodingOverrides decoding;
    private final PromptRenderer renderer;
    private final String cellId;

    /** @param decoding the campaign's decoding block: top_p and the campaign seed each trial's seed derives from */
    public GatewayAgentModel(ModelProfile profile, ModelGateway gateway, DecodingOverrides decoding) {
        this(profile, gateway, decoding, null);
    }

    /** @param cellId the campaign cell whose samples this agent answers (null: none), for the spend ledger */
    public GatewayAgentModel(ModelProfile profile, ModelGateway gateway, DecodingOverrides decoding, String cellId) {
        this.cellId = cellId;
        this.profile = profile;
        this.gateway = gateway;
        this.decoding = decoding;
        this.renderer = new PromptRenderer(profile, IclExamples.none());
    }

    @Override
    public Reply next(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings, int trial) {
        return next(sample, prompt(sample, initialObservation, previous, settings), initialObservation, previous, settings, trial);
    }

    @Override
    public RenderedPrompt prompt(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings) {
        return ReactPrompt.forNextStep(renderer, sample, initialObservation, previous, settings);
    }

    @Override
    public Reply next(EvalSample sample, RenderedPrompt prompt, String initialObservation, List<ReactStep> previous,
                      ReactSettings settings, int trial) {
        List<String> stop = new ArrayList<>(profile.stop());
        if (!stop.contains(STOP_AT_OBSERVATION)) {
            stop.add(STOP_AT_OBSERVATION);
        }
        long seed = TrialSeed.of(decoding.campaignSeed(), sample.sampleId(), trial);
        ModelRequest request = ModelRequests.stepRequest(profile, prompt, stop, sample.sampleId(), trial, seed, decoding.topP());
        CallResult result = gateway.call(request, cellId);
        return Reply.of(result.response().text(), result);
    }
}
