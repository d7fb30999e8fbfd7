package dev.ibench.activities.multiturn;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.DecodingSettings;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.prompt.ChatMessage;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import java.util.List;

/**
 * A real model in a multi-turn cell: the step's chat messages (BFCL's prompting handler: function docs in the system
 * prompt, calls as Python text) sent through the model's {@link ModelGateway} with the profile's decoding settings and
 * the trial's seed; the request's identity is the entry id and trial, so the cache key differs per step by its messages.
 */
public final class GatewayMultiTurnModel implements MultiTurnModel {
    private final ModelProfile profile;
    private final ModelGateway gateway;
    private final DecodingOverrides decoding;
    private final String cellId;

    public GatewayMultiTurnModel(ModelProfile profile, ModelGateway gateway, DecodingOverrides decoding, String cellId) {
        this.profile = profile;
        this.gateway = gateway;
        this.decoding = decoding;
        this.cellId = cellId;
    }

    @Override
    public ReactAgentModel.Reply next(BfclMultiTurnEntry entry, List<ChatMessage> messages, int turn, int step, int trial) {
        long seed = TrialSeed.of(decoding.campaignSeed(), entry.id(), trial);
        ModelRequest request = new ModelRequest(profile.model(), RenderedPrompt.chat(messages, List.of()),
                new DecodingSettings(profile.maxTokens(), profile.temperature(), profile.stop(), null, decoding.topP(), seed,
                        profile.frequencyPenalty(), ModelGateway.serverSettings(profile)), entry.id(), trial);
        CallResult result = gateway.call(request, cellId);
        return ReactAgentModel.Reply.of(result.response().text(), result);
    }
}
