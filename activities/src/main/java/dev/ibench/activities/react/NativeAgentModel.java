package dev.ibench.activities.react;

import dev.ibench.activities.llm.CallResult;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ModelRequests;
import dev.ibench.activities.llm.ModelRequest;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.TrialSeed;
import dev.ibench.core.prompt.ChatToolCall;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.react.NativeReactConversation;
import dev.ibench.core.react.NativeReactTurn;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.react.ReactStep;
import dev.ibench.core.sample.EvalSample;
import dev.ibench.core.sample.NativeToolName;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A real model as a native ReACT agent ({@code react: {agent: native}}): each step is one chat turn with the sample's
 * tools as native {@code tools} and the conversation so far ({@link NativeReactConversation}), sent through the
 * {@link ModelGateway} (response cache, classified retries, endpoint limits) with the same decoding as the text agent
 * except the text loop's stop at {@code Observation:}. The turn is stored as {@link NativeReactTurn}: its text, and its
 * calls with their ids (one made up where the server sent none) and arguments as the model wrote them, names mapped
 * back from their API-safe form ({@link NativeToolName}) to the names the agent was shown.
 */
public final class NativeAgentModel implements ReactAgentModel {
    private final ModelProfile profile;
    private final ModelGateway gateway;
    private final DecodingOverrides decoding;
    private final String cellId;

    /** @param cellId the campaign cell whose samples this agent answers (null: none), for the spend ledger */
    public NativeAgentModel(ModelProfile profile, ModelGateway gateway, DecodingOverrides decoding, String cellId) {
        this.profile = profile;
        this.gateway = gateway;
        this.decoding = decoding;
        this.cellId = cellId;
    }

    @Override
    public Reply next(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings, int trial) {
        return next(sample, prompt(sample, initialObservation, previous, settings), initialObservation, previous, settings, trial);
    }

    @Override
    public RenderedPrompt prompt(EvalSample sample, String initialObservation, List<ReactStep> previous, ReactSettings settings) {
        return NativeReactConversation.forNextStep(sample, initialObservation, previous, settings);
    }

    @Override
    public Reply next(EvalSample sample, RenderedPrompt prompt, String initialObservation, List<ReactStep> previous,
                      ReactSettings settings, int trial) {
        long seed = TrialSeed.of(decoding.campaignSeed(), sample.sampleId(), trial);
        ModelRequest request = ModelRequests.stepRequest(profile, prompt, profile.stop(), sample.sampleId(), trial, seed, decoding.topP());
        CallResult result = gateway.call(request, cellId);
        List<ChatToolCall> calls = NativeReactConversation.withIds(previous.size() + 1, shownNames(sample, result.response().chatToolCalls()));
        return Reply.of(NativeReactTurn.stored(result.response().text(), calls), result);
    }

    /** The calls with each name the sample's own where the tools went out under an API-safe name. */
    private static List<ChatToolCall> shownNames(EvalSample sample, List<ChatToolCall> calls) {
        Map<String, String> byNativeName = new HashMap<>();
        sample.tools().forEach(t -> byNativeName.putIfAbsent(NativeToolName.of(String.valueOf(t.get("name"))), String.valueOf(t.get("name"))));
        return calls.stream().map(c -> new ChatToolCall(c.id(), byNativeName.getOrDefault(c.name(), c.name()), c.arguments())).toList();
    }
}
