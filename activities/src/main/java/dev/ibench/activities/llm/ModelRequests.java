package dev.ibench.activities.llm;

import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ReasoningControl;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import java.util.List;
import java.util.Map;

/** The requests a profile makes: its model, decoding settings and how its server takes them, per kind of call. */
public final class ModelRequests {
    private ModelRequests() {}

    /** {@link #request(ModelProfile, RenderedPrompt, String, List, int)} with no bound on the number of calls. */
    public static ModelRequest request(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools) {
        return request(profile, prompt, sampleId, sampleTools, 0);
    }

    /**
     * The request a profile makes for a rendered prompt: its model and decoding settings (frequency penalty included), with output
     * constrained as the profile's {@code constrained_output} asks ({@code tool_calls} uses the schema of
     * {@code sampleTools}, a list of at most {@code maxCalls} calls ({@code <= 0}: unbounded; campaigns and
     * {@code model check} pass {@link ToolCallSchema#maxCalls} of the eval set); with no tools given it falls back
     * to any JSON).
     */
    public static ModelRequest request(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools,
            int maxCalls) {
        String schema = switch (profile.constrainedOutput()) {
            case "json" -> ToolCallSchema.ANY_JSON;
            case "tool_calls" -> sampleTools == null || sampleTools.isEmpty() ? ToolCallSchema.ANY_JSON : ToolCallSchema.forTools(sampleTools, maxCalls);
            default -> null;
        };
        return new ModelRequest(profile.model(), prompt, new DecodingSettings(profile.maxTokens(), profile.temperature(), profile.stop(), schema,
                null, null, profile.frequencyPenalty(), serverSettings(profile)), sampleId);
    }

    /** How the profile's server takes the request's settings: token-limit field, temperature, reasoning effort, tool choice, parallel calls. */
    public static DecodingSettings.ServerSettings serverSettings(ModelProfile profile) {
        boolean rawHarmony = "gpt-oss".equals(profile.family()) && "completions".equals(profile.api())
                && ("vllm".equals(profile.server()) || "sglang".equals(profile.server()));
        return new DecodingSettings.ServerSettings(profile.tokenLimitParameter(), profile.sendTemperature(),
                ReasoningControl.reasoningEffortField(profile), ReasoningControl.enableThinking(profile), rawHarmony ? Boolean.TRUE : null,
                profile.toolChoice(), profile.parallelToolCalls());
    }

    /** {@link #request} for one trial of a campaign: the trial's own sampling seed and the campaign's top_p (null: none). */
    public static ModelRequest trialRequest(ModelProfile profile, RenderedPrompt prompt, String sampleId, List<Map<String, Object>> sampleTools,
            int maxCalls, int trial, long seed, Double topP) {
        ModelRequest base = request(profile, prompt, sampleId, sampleTools, maxCalls);
        DecodingSettings d = base.decoding();
        return new ModelRequest(base.model(), prompt, new DecodingSettings(d.maxTokens(), d.temperature(), d.stop(), d.jsonSchema(), topP, seed,
                d.frequencyPenalty(), d.server()),
                sampleId, trial);
    }

    /**
     * The request of one trial's agent step (ReACT, multi-turn): the profile's model and decoding settings without
     * constrained output, generation stopping at {@code stop}, the trial's own seed and the campaign's top_p (null: none).
     */
    public static ModelRequest stepRequest(ModelProfile profile, RenderedPrompt prompt, List<String> stop, String sampleId, int trial,
                                           long seed, Double topP) {
        return new ModelRequest(profile.model(), prompt, new DecodingSettings(profile.maxTokens(), profile.temperature(), stop, null,
                topP, seed, profile.frequencyPenalty(), serverSettings(profile)), sampleId, trial);
    }
}
