package dev.ibench.workers.campaign;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.core.campaign.Budget;
import dev.ibench.core.campaign.CampaignSpec;
import dev.ibench.core.campaign.ModelEntry;
import dev.ibench.core.campaign.UsdBudgetPrices;
import dev.ibench.core.json.Json;
import dev.ibench.core.prompt.ModelProfile;
import dev.ibench.core.prompt.ProfileCatalog;
import dev.ibench.workers.IbenchHome;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code campaign resume --budget}: raises a campaign's budget, or one model's in it, in the spend ledger before the
 * campaign is resumed (a limit not given stays as it is); says what was spent so far and whether the new budget is
 * already reached.
 */
public final class BudgetRaise {
    /** The budget now in force, the spend so far in its scope, and whether that spend already reaches it. */
    public record Result(Budget raised, SpendTotals spent, boolean alreadyReached) {}

    private BudgetRaise() {}

    /**
     * Refuses a raise that could never take effect, before anything is written: a model the campaign does not run, or
     * a USD limit on a model without prices (or, for the campaign's own budget, while any of its models has none), as
     * {@code campaign start} refuses such a budget (docs/ledger.md).
     *
     * @throws IllegalArgumentException naming the model and what to do instead
     */
    public static void check(CampaignSpec spec, String model, Double usd, Function<String, Optional<ModelProfile>> profiles) {
        List<String> names = spec.models().stream().map(ModelEntry::name).toList();
        if (model != null && !names.contains(model)) {
            throw new IllegalArgumentException("the campaign has no model '" + model + "'; its models: " + String.join(", ", names));
        }
        if (usd == null) {
            return;
        }
        List<String> unpriced = UsdBudgetPrices.unpricedModels(spec, profiles);
        if (model != null && unpriced.contains(model)) {
            throw new IllegalArgumentException("model " + model + " has no prices (neither its profile nor its campaign entry gives"
                    + " price_per_million_input/output), so its spend in USD is unknown and a USD budget would never be reached;"
                    + " raise its tokens budget instead (--budget tokens=N)");
        }
        if (model == null && !unpriced.isEmpty()) {
            throw new IllegalArgumentException("model(s) " + String.join(", ", unpriced) + " have no prices, so their calls do not"
                    + " count towards the campaign's USD budget; raise a tokens budget instead (--budget tokens=N)");
        }
    }

    /**
     * Checks the raise against the campaign's stored spec ({@link #check}) and, when it can take effect, raises.
     *
     * @throws IllegalArgumentException when the campaign is not in the store or the raise could never take effect
     */
    public static Result checkAndRaise(CampaignServices services, String campaignId, String model, Double usd, Long tokens) {
        String json = services.store().campaignSpecJson(campaignId).orElseThrow(() -> new IllegalArgumentException(
                "campaign " + campaignId + " is not in the results store " + services.database().description()));
        CampaignSpec spec;
        try {
            spec = Json.MAPPER.readValue(json, CampaignSpec.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("the stored spec of campaign " + campaignId + " is unreadable: " + e.getMessage(), e);
        }
        ProfileCatalog profiles = ProfileCatalog.load(IbenchHome.resolve().root().resolve("profiles"));
        check(spec, model, usd, profiles::resolveIfKnown);
        return raise(services.spend(), campaignId, model, usd, tokens);
    }

    /** @param model the model whose budget to raise; null: the campaign's own */
    public static Result raise(SpendStore spend, String campaignId, String model, Double usd, Long tokens) {
        String scope = model == null ? SpendStore.CAMPAIGN_SCOPE : model;
        Budget raised = spend.budget(campaignId, scope).map(b -> b.raisedTo(usd, tokens)).orElse(new Budget(usd, tokens));
        spend.saveBudget(campaignId, scope, raised);
        SpendTotals spent = spend.totals(campaignId, model);
        return new Result(raised, spent, raised.reachedBy(spent.costOrZero(), spent.tokens()));
    }
}
