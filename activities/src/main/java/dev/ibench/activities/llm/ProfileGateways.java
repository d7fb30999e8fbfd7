package dev.ibench.activities.llm;

import dev.ibench.activities.llm.admission.EndpointLimiters;
import dev.ibench.activities.llm.cache.ResponseCache;
import dev.ibench.activities.llm.client.ModelClient;
import dev.ibench.activities.llm.client.ModelClients;
import dev.ibench.activities.llm.failure.ModelCallFailures;
import dev.ibench.activities.llm.failure.RetryPolicy;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendLedger;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Models by profile name, for steps that call a model outside a campaign (REST code-gen and judge): the profile
 * from the catalog, its client, and a gateway sharing the worker's response cache and per-endpoint limiters. The
 * gateway does not retry; Temporal's activity retries do. An unknown profile, or one whose client cannot be made
 * (missing model file or API key), is a non-retryable {@link ModelCallFailures#ENDPOINT_REJECTED}.
 */
public final class ProfileGateways implements Function<String, ProfileGateways.ProfileModel> {
    /** A profile ready to call. */
    public record ProfileModel(ModelProfile profile, ModelGateway gateway) {}

    private final ProfileCatalog catalog;
    private final ResponseCache cache;
    private final Function<String, String> environment;
    private final EndpointLimiters limiters = new EndpointLimiters();
    private final Map<String, ProfileModel> models = new ConcurrentHashMap<>();
    private final SpendLedger ledger;

    /** @param cache may be null (no caching) */
    public ProfileGateways(ProfileCatalog catalog, ResponseCache cache, Function<String, String> environment) {
        this(catalog, cache, environment, SpendLedger.NONE);
    }

    /** @param ledger where every call is written, under the profile's name and no campaign (docs/ledger.md) */
    public ProfileGateways(ProfileCatalog catalog, ResponseCache cache, Function<String, String> environment, SpendLedger ledger) {
        this.ledger = ledger;
        this.catalog = catalog;
        this.cache = cache;
        this.environment = environment;
    }

    @Override
    public ProfileModel apply(String profileName) {
        return models.computeIfAbsent(profileName, this::create);
    }

    private ProfileModel create(String name) {
        ModelProfile profile;
        try {
            profile = catalog.resolve(name);
        } catch (IllegalArgumentException e) {
            throw ModelCallFailures.endpointRejected("model profile " + name + ": " + e.getMessage());
        }
        ModelClient client = ModelClients.createOrReject(profile, environment, List.of());
        return new ProfileModel(profile, new ModelGateway(profile, client, cache, limiters, RetryPolicy.none(), ledger,
                SpendAccount.outsideCampaigns(name)));
    }
}
