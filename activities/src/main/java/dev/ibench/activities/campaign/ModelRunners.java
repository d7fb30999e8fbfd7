package dev.ibench.activities.campaign;

import dev.ibench.activities.store.NotInStore;
import dev.ibench.activities.ablation.AblationGenerator;
import dev.ibench.activities.ablation.MiniLmSimilarity;
import dev.ibench.activities.ablation.ModelWrittenAblations;
import dev.ibench.activities.ablation.SampleGeneration;
import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.admission.EndpointLimits;
import dev.ibench.activities.llm.ProfileGateways.ProfileModel;
import dev.ibench.activities.llm.client.ApiKey;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.client.OpenAiBatchClient;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.ModelGateway;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.activities.sql.SqlBaselineDatabases;
import dev.ibench.activities.store.CellRecord;
import dev.ibench.activities.store.ResultsStore;
import dev.ibench.core.ablation.Ablation;
import dev.ibench.core.campaign.BatchSettings;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.react.ReactSettings;
import dev.ibench.core.campaign.DecodingOverrides;
import dev.ibench.core.campaign.GeneratorModel;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.bfcl.BfclMode;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.IclExamples;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.core.prompt.PromptRenderer;
import dev.ibench.core.prompt.RenderedPrompt;
import dev.ibench.core.prompt.ToolCallSchema;
import dev.ibench.core.sample.EvalSample;
import io.temporal.failure.ApplicationFailure;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The worker's model runners, one per (campaign, model, eval set), built from the campaign's model entry
 * (profile, endpoint, key variable) and shared by all calls. All runners share the worker's response
 * cache and per-endpoint concurrency limiters and request pacers (whose send times a campaign worker shares with all
 * workers of its results store). Gateways do not retry: Temporal's activity retries do,
 * so every attempt is visible in the event history.
 */
public final class ModelRunners {
    private final ResultsStore store;
    private final EvalSetCache evalSets;
    private final ProfileCatalog profiles;
    private final ResponseCache cache;
    private final EndpointLimiters limiters;
    private final Function<String, String> environment;
    private final Map<String, ModelRunner> runners = new ConcurrentHashMap<>();
    private final Map<String, ModelGateway> gateways = new ConcurrentHashMap<>();
    private final Map<String, OpenAiBatchClient> batchClients = new ConcurrentHashMap<>();
    private final Map<String, CellAblation> ablations = new ConcurrentHashMap<>();
    private final SqlBaselineDatabases sqlDatabases;
    private final AblationGenerator generator;
    private final Map<GeneratorModel, ProfileModel> generatorModels = new ConcurrentHashMap<>();
    private final SpendLedger ledger;

    public ModelRunners(ResultsStore store, EvalSetCache evalSets, ProfileCatalog profiles, ResponseCache cache,
                        Function<String, String> environment) {
        this(store, evalSets, profiles, cache, environment, null);
    }

    /** @param sqlDatabases the databases sql-mode cells show the schema of (null: this worker runs no sql cells) */
    public ModelRunners(ResultsStore store, EvalSetCache evalSets, ProfileCatalog profiles, ResponseCache cache,
                        Function<String, String> environment, SqlBaselineDatabases sqlDatabases) {
        this(store, evalSets, profiles, cache, environment, sqlDatabases, SpendLedger.NONE);
    }

    /** @param ledger where every model call of these runners is written, and which refuses calls past a budget */
    public ModelRunners(ResultsStore store, EvalSetCache evalSets, ProfileCatalog profiles, ResponseCache cache,
                        Function<String, String> environment, SqlBaselineDatabases sqlDatabases, SpendLedger ledger) {
        this(store, evalSets, profiles, cache, environment, sqlDatabases, ledger, new EndpointLimiters());
    }

    /**
     * @param limiters the endpoints' limits of this worker; a campaign worker's reserve their send times in the results
     *                 store, so {@code rate_per_second} and {@code tokens_per_minute} hold across all its workers
     */
    public ModelRunners(ResultsStore store, EvalSetCache evalSets, ProfileCatalog profiles, ResponseCache cache,
                        Function<String, String> environment, SqlBaselineDatabases sqlDatabases, SpendLedger ledger,
                        EndpointLimiters limiters) {
        this.limiters = limiters;
        this.ledger = ledger;
        this.sqlDatabases = sqlDatabases;
        this.store = store;
        this.evalSets = evalSets;
        this.profiles = profiles;
        this.cache = cache;
        this.environment = environment;
        this.generator = new AblationGenerator(store, this::generatorModel, new MiniLmSimilarity());
    }

    /** The runner of a cell: its campaign's model entry, its eval set, its mode (sql prompts differ) and its ablation. */
    public ModelRunner runner(CellRecord cell) {
        return runners.computeIfAbsent(String.join("\n", cell.campaignId(), cell.model(), cell.evalSet(), cell.mode(), cell.ablation()),
                k -> create(cell));
    }

    private ModelRunner create(CellRecord cell) {
        ModelProfile profile = profile(cell.campaignId(), cell.model());
        CellAblation ablation = ablation(cell);
        boolean sql = SqlMode.MODE.equals(cell.mode());
        // the oracle (a test tool) answers the gold of the sample as shown: in the ablation's names, or the gold SQL, and
        // BFCL's dotted names as its mode's models write them (math_gcd in tools mode)
        BfclMode bfclMode = profile.bfclMode();
        List<EvalSample> oracleView = ablation.evalSet().stream().map(ablation::transformed).map(s -> sql ? SqlMode.goldQueryAsAnswer(s) : s)
                .map(bfclMode::answeredAs).toList();
        ModelClient client = ModelClients.createOrReject(profile, environment, oracleView);
        Function<EvalSample, RenderedPrompt> prompts = sql
                ? SqlMode.prompts(new PromptRenderer(profile, IclExamples.none()), sqlDatabases)
                : ModelRunner.inOwnStyle(new PromptRenderer(profile, ablation.icl(IclExamples.bundled(PromptStyles.of(ablation.evalSet().get(0))))));
        return new ModelRunner(profile, prompts, new ModelGateway(profile, client, cache, limiters, RetryPolicy.none(), ledger,
                new SpendAccount(cell.campaignId(), cell.model()), limits(cell.campaignId(), cell.model())),
                spec(cell.campaignId()).decoding(), ablation, ToolCallSchema.maxCalls(ablation.evalSet()));
    }

    /** A cell's ablation with its eval set and the campaign seed; cached, so a tool universe is drawn once per cell. */
    public CellAblation ablation(CellRecord cell) {
        return ablations.computeIfAbsent(cell.cellId(), k -> {
            Ablation ablation;
            try {
                ablation = Ablation.parse(cell.ablation());
            } catch (IllegalArgumentException e) {
                throw ApplicationFailure.newNonRetryableFailure("cell " + cell.cellId() + ": " + e.getMessage(), "UnknownAblation");
            }
            CampaignSpec spec = spec(cell.campaignId());
            SampleGeneration generation;
            try {
                generation = ModelWrittenAblations.of(ablation.name(), spec.ablationSettings(), generator);
            } catch (IllegalArgumentException e) {
                throw ApplicationFailure.newNonRetryableFailure("cell " + cell.cellId() + ": " + e.getMessage(), "UnknownAblation");
            }
            return new CellAblation(ablation, List.copyOf(evalSets.samples(cell.evalSet()).values()),
                    spec.decoding().campaignSeed(), generation);
        });
    }

    /**
     * A gateway to a campaign's model for callers that render their own prompts (ReACT steps): the same profile,
     * endpoint, response cache and endpoint limits as the model's direct cells.
     */
    public ModelGateway gateway(String campaignId, String modelName) {
        return gateways.computeIfAbsent(campaignId + "\n" + modelName, k -> {
            ModelProfile profile = profile(campaignId, modelName);
            return new ModelGateway(profile, ModelClients.createOrReject(profile, environment, List.of()), cache, limiters,
                    RetryPolicy.none(), ledger, new SpendAccount(campaignId, modelName), limits(campaignId, modelName));
        });
    }

    /**
     * The Batch API client of a {@code batch: true} model's cell (docs/batch.md): the endpoint and key variable its normal
     * calls use. Only an OpenAI-compatible endpoint has one; any other provider stops the cell.
     */
    public OpenAiBatchClient batchClient(CellRecord cell) {
        return batchClients.computeIfAbsent(cell.campaignId() + "\n" + cell.model(), k -> {
            ModelProfile profile = profile(cell.campaignId(), cell.model());
            if (!"openai".equals(profile.provider())) {
                throw ApplicationFailure.newNonRetryableFailure("model " + cell.model() + ": batch: true needs an OpenAI-compatible"
                        + " endpoint (provider openai), but profile " + profile.name() + " has provider " + profile.provider(),
                        FailureTypes.ENDPOINT_REJECTED);
            }
            try {
                return new OpenAiBatchClient(profile.baseUrl(), ApiKey.fromEnvironment(profile.apiKeyEnv(), environment, profile.baseUrl()),
                        java.time.Duration.ofSeconds(Math.max(60, profile.timeoutSeconds())));
            } catch (ModelCallException e) {
                throw ModelCallFailures.endpointRejected("model profile " + profile.name() + ": " + e.getMessage());
            }
        });
    }

    /** The entry's batch settings (null: the model is not {@code batch: true}). */
    public BatchSettings batchSettings(String campaignId, String modelName) {
        ModelEntry entry = modelEntry(spec(campaignId), campaignId, modelName);
        return entry.batched() ? entry.batchSettingsOrDefault() : null;
    }

    /**
     * The model that writes a model-written ablation's material: its profile with the endpoint, model name and key
     * variable of the campaign's {@code ablation_settings}, through the shared response cache and endpoint limits.
     */
    private ProfileModel generatorModel(GeneratorModel g) {
        return generatorModels.computeIfAbsent(g, k -> {
            ModelProfile profile;
            try {
                profile = profiles.resolve(g.profile());
            } catch (IllegalArgumentException e) {
                throw ApplicationFailure.newNonRetryableFailure("ablation generator: " + e.getMessage(), FailureTypes.ENDPOINT_REJECTED);
            }
            profile = CampaignModelProfile.reachedAt(profile, g.endpoint(), g.apiKeyEnv(), g.model());
            return new ProfileModel(profile, new ModelGateway(profile, ModelClients.createOrReject(profile, environment, List.of()), cache,
                    limiters, RetryPolicy.none(), ledger, SpendAccount.outsideCampaigns("ablation-writer:" + g.profile())));
        });
    }

    /** The campaign's {@code react:} settings (budget, observation size, which agent its react cells run). */
    public ReactSettings react(String campaignId) {
        return spec(campaignId).react();
    }

    /** The campaign's {@code decoding:} block (top_p, the campaign seed trials derive theirs from). */
    public DecodingOverrides decoding(String campaignId) {
        return spec(campaignId).decoding();
    }

    /**
     * The profile a campaign's model runs with: the named profile with the entry's endpoint, key variable, model name
     * and concurrency applied, its prices (and batch prices) overridden by the entry's, and the campaign's {@code decoding:} temperature, max_tokens and
     * reasoning_effort over the profile's.
     */
    public ModelProfile profile(String campaignId, String modelName) {
        CampaignSpec spec = spec(campaignId);
        ModelEntry entry = modelEntry(spec, campaignId, modelName);
        try {
            return CampaignModelProfile.of(profiles, spec, entry);
        } catch (IllegalArgumentException e) {
            throw ApplicationFailure.newNonRetryableFailure("model " + modelName + ": " + e.getMessage(), FailureTypes.ENDPOINT_REJECTED);
        }
    }

    /**
     * The entry's {@code rate_per_second} and {@code tokens_per_minute} (null: none): every request to the model's
     * endpoint is paced by them, batched items one by one, whatever activity sends them (docs/campaigns.md, Rate limits).
     */
    private EndpointLimits limits(String campaignId, String modelName) {
        ModelEntry entry = modelEntry(spec(campaignId), campaignId, modelName);
        return new EndpointLimits(entry.ratePerSecond(), entry.tokensPerMinute());
    }

    private CampaignSpec spec(String campaignId) {
        String json = store.campaignSpecJson(campaignId).orElseThrow(() -> NotInStore.campaign(store, campaignId));
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
