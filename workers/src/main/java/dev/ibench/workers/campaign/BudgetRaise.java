package dev.ibench.workers.campaign;

import dev.ibench.activities.spend.SpendStore;
import dev.ibench.activities.spend.SpendTotals;
import dev.ibench.core.campaign.Budget;

/**
 * {@code campaign resume --budget}: raises a campaign's budget, or one model's in it, in the spend ledger before the
 * campaign is resumed (a limit not given stays as it is); says what was spent so far and whether the new budget is
 * already reached.
 */
public final class BudgetRaise {
    /** The budget now in force, the spend so far in its scope, and whether that spend already reaches it. */
    public record Result(Budget raised, SpendTotals spent, boolean alreadyReached) {}

    private BudgetRaise() {}

    /** @param model the model whose budget to raise; null: the campaign's own */
    public static Result raise(SpendStore spend, String campaignId, String model, Double usd, Long tokens) {
        String scope = model == null ? SpendStore.CAMPAIGN_SCOPE : model;
        Budget raised = spend.budget(campaignId, scope).map(b -> b.raisedTo(usd, tokens)).orElse(new Budget(usd, tokens));
        spend.saveBudget(campaignId, scope, raised);
        SpendTotals spent = spend.totals(campaignId, model);
        return new Result(raised, spent, raised.reachedBy(spent.costOrZero(), spent.tokens()));
    }
}
