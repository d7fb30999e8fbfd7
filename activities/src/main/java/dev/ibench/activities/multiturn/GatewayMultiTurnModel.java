package dev.ibench.activities.multiturn;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.activities.react.ReactAgentModel;
import dev.ibench.core.bfcl.BfclMultiTurnEntry;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.PromptMode;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.sample.NativeTurnText;
import java.util.ArrayList;
import java.util.List;


/**
 * A real model in a multi-turn cell: the step's request (BFCL's prompting handler: function docs in the system prompt,
 * calls as Python text; or, for a {@code mode: tools} profile, BFCL's function-calling handler: native tools, tool calls
 * and tool messages) sent through the model's {@link ModelGateway} with the profile's decoding settings and
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
    public boolean functionCalling() {
        return profile.mode() == PromptMode.TOOLS;
    }

    @Override
    public ReactAgentModel.Reply next(BfclMultiTurnEntry entry, RenderedPrompt prompt, int turn, int step, int trial) {
        long seed = TrialSeed.of(decoding.campaignSeed(), entry.id(), trial);
        ModelRequest request = ModelRequests.stepRequest(profile, prompt, profile.stop(), entry.id(), trial, seed, decoding.topP());
        CallResult result = gateway.call(request, cellId);
        if (!functionCalling()) {
            return ReactAgentModel.Reply.of(result.response().text(), result);
        }
        return ReactAgentModel.Reply.of(nativeTurn(result.response().chatToolCalls(), result.response().text(), turn, step), result);
    }

    /**
     * The function-calling turn as stored: each call with an id (the server's, else {@code call_<turn>_<step>_<n>}), its
     * name as the model wrote it (bfcl-eval executes the names its FC models answer, as they are).
     */
    private static String nativeTurn(List<ChatToolCall> calls, String text, int turn, int step) {
        List<NativeTurnText.Call> stored = new ArrayList<>();
        for (int i = 0; i < calls.size(); i++) {
            ChatToolCall c = calls.get(i);
            String id = c.id() == null || c.id().isEmpty() ? "call_" + turn + "_" + step + "_" + (i + 1) : c.id();
            stored.add(new NativeTurnText.Call(id, c.name(), c.arguments()));
        }
        return new NativeTurnText(text, stored).stored();
    }
}
