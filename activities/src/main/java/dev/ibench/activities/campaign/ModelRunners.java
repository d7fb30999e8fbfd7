package dev.ibench.activities.campaign;

import dev.ibench.activities.llm.EndpointLimiters;
import dev.ibench.activities.llm.ModelClient;
import dev.ibench.activities.llm.ModelClients;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.ResponseCache;
import dev.ibench.activities.llm.RetryPolicy;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The worker's model runners, one per (campaign, model, eval set), built from the campaign's model entry
 * (profile, endpoint, key variable) and shared by all calls. All runners share the worker's response
 * cache and per-endpoint concurrency limiters. Gateways do not retry: Temporal's activity retries do,
 * so every attempt is visible in the event history.
 */
public final class ModelRunners {
    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final ProfileCatalog profiles;
    private final ResponseCache cache;
    private final EndpointLimiters limiters = new EndpointLimiters();
    private final Function<String, String> environment;
    private final Map<String, ModelRunner> runners = new ConcurrentHashMap<>();
    private final Map<String, ModelGateway> gateways = new ConcurrentHashMap<>();

    public ModelRunners(ResultsStore store, EvalSetCache evalSets, ProfileCatalog profiles, ResponseCache cache,
                        Function<String, String> environment) {
        this.store = store;
        this.evalSets = evalSets;
        this.profiles = profiles;
        this.cache = cache;
        this.environment = environment;
    }

    public ModelRunner runner(String campaignId, String modelName, String evalSet) {
        return runners.computeIfAbsent(campaignId + "\n" + modelName + "\n" + evalSet, k -> create(campaignId, modelName, evalSet));
    }

    private ModelRunner create(String campaignId, String modelName, String evalSet) {
        ModelProfile profile = profile(campaignId, modelName);
        ModelClient client = ModelClients.createOrReject(profile, environment, evalSets.samples(evalSet).values());
        PromptRenderer renderer = new PromptRenderer(profile, IclExamples.bundled(
                PromptStyles.of(evalSets.samples(evalSet).values().iterator().next())));
        return new ModelRunner(profile, renderer, new ModelGateway(profile, client, cache, limiters, RetryPolicy.none()),
                spec(campaignId).decoding());
    }

    /**
     * A gateway to a campaign's model for callers that render their own prompts (ReACT steps): the same profile,
     * endpoint, response cache and endpoint limits as the model's direct cells.
     */
    public ModelGateway gateway(String campaignId, String modelName) {
        return gateways.computeIfAbsent(campaignId + "\n" + modelName, k -> {
            ModelProfile profile = profile(campaignId, modelName);
            return new ModelGateway(profile, ModelClients.createOrReject(profile, environment, java.util.List.of()), cache, limiters,
                    RetryPolicy.none());
        });
    }

    /** The campaign's {@code decoding:} block (top_p, the campaign seed trials derive theirs from). */
    public DecodingOverrides decoding(String campaignId) {
        return spec(campaignId).decoding();
    }

    /**
     * The profile a campaign's model runs with: the named profile with the entry's endpoint, key variable, model name
     * and concurrency applied, and the campaign's {@code decoding:} temperature and max_tokens over the profile's.
     */
    public ModelProfile profile(String campaignId, String modelName) {
        CampaignSpec spec = spec(campaignId);
        ModelEntry entry = modelEntry(spec, campaignId, modelName);
        ModelProfile profile;
        try {
            profile = profiles.resolve(entry.profile());
        } catch (IllegalArgumentException e) {
            throw ApplicationFailure.newNonRetryableFailure("model " + modelName + ": " + e.getMessage(), FailureTypes.ENDPOINT_REJECTED);
        }
        if (entry.endpoint() != null) {
            profile = profile.withBaseUrl(entry.endpoint());
        }
        if (entry.apiKeyEnv() != null) {
            profile = profile.withApiKeyEnv(entry.apiKeyEnv());
        }
        if (entry.model() != null) {
            profile = profile.withModel(entry.model());
        }
        if (entry.concurrency() != null) {
            profile = profile.withMaxConcurrency(entry.concurrency());
        }
        DecodingOverrides decoding = spec.decoding();
        if (decoding.temperature() != null || decoding.maxTokens() != null) {
            profile = profile.withDecoding(decoding.maxTokens() != null ? decoding.maxTokens() : profile.maxTokens(),
                    decoding.temperature() != null ? decoding.temperature() : profile.temperature());
        }
        return profile;
    }

    private CampaignSpec spec(String campaignId) {
        String json = store.campaignSpecJson(campaignId).orElseThrow(() -> ApplicationFailure.newNonRetryableFailure(
                "campaign " + campaignId + " is not in the results store", "UnknownCampaign"));
        CampaignSpec spec;
        try {
            spec = Json.MAPPER.readValue(json, CampaignSpec.class);
        } catch (IOException e) {
            throw ApplicationFailure.newNonRetryableFailure("campaign " + campaignId + ": stored spec unreadable", "UnknownCampaign");
        }
        return spec;
    }

    private static ModelEntry modelEntry(CampaignSpec spec, String campaignId, String modelName) {
        return spec.models().stream().filter(m -> m.name().equals(modelName)).findFirst()
                .orElseThrow(() -> ApplicationFailure.newNonRetryableFailure(
                        "campaign " + campaignId + " has no model named " + modelName, "UnknownCampaign"));
    }
}
