package dev.ibench.activities.spend;

import dev.ibench.activities.llm.failure.ErrorKind;
import dev.ibench.activities.llm.failure.ModelCallException;
import dev.ibench.activities.llm.spend.SpendAccount;
import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.llm.spend.SpendLedger;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The worker's spend ledger: every entry goes to the results store ({@link SpendStore}) and to Prometheus meters;
 * before each provider attempt of a campaign model, the campaign's and the model's budgets are compared with the
 * ledger's running totals ({@code spend_totals}), and a reached budget refuses the request and pauses the campaign ({@link BudgetPauser}).
 */
public final class StoreSpendLedger implements SpendLedger {
    private final SpendStore store;
    private final MeterRegistry meters;
    private final BudgetPauser pauser;
    /**
     * Accounts found without any budget, until when that answer is reused (System.nanoTime): a campaign without budgets
     * costs one store read per second instead of one per request; a budget given later applies within that second.
     * An account with a budget is read on every request, so a raised budget applies at once.
     */
    private final Map<SpendAccount, Long> unbudgetedUntil = new ConcurrentHashMap<>();
    static final long UNBUDGETED_MEMORY_NANOS = 1_000_000_000L;

    public StoreSpendLedger(SpendStore store, MeterRegistry meters, BudgetPauser pauser) {
        this.store = store;
        this.meters = meters;
        this.pauser = pauser;
    }

    @Override
    public void record(SpendEntry e) {
        store.record(e);
        String campaign = e.campaignId() == null ? "" : e.campaignId();
        meters.counter("ibench_llm_requests_total", "campaign", campaign, "model", e.model(), "outcome", e.outcome(),
                "error_kind", e.errorKind() == null ? "" : e.errorKind()).increment();
        if (!SpendEntry.CACHE_HIT.equals(e.outcome())) {
            meters.counter("ibench_llm_tokens_total", "campaign", campaign, "model", e.model(), "kind", "prompt").increment(e.promptTokens());
            meters.counter("ibench_llm_tokens_total", "campaign", campaign, "model", e.model(), "kind", "completion")
                    .increment(e.completionTokens());
            Timer.builder("ibench_llm_request_latency").description("latency of each provider attempt, failed ones too")
                    .tags("model", e.model()).publishPercentileHistogram().register(meters).record(e.latencyMs(), TimeUnit.MILLISECONDS);
        }
        // registered even without prices (adds 0), so the series exists for dashboards from the first request
        meters.counter("ibench_llm_cost_usd_total", "campaign", campaign, "model", e.model()).increment(e.costUsd() == null ? 0 : e.costUsd());
    }

    @Override
    public boolean budgeted(SpendAccount account) {
        if (account.campaignId() == null) {
            return false;
        }
        long now = System.nanoTime();
        Long until = unbudgetedUntil.get(account);
        if (until != null && now - until < 0) {
            return false;
        }
        boolean any = !store.accountBudgets(account.campaignId(), account.model()).isEmpty();
        if (any) {
            unbudgetedUntil.remove(account);
        } else {
            unbudgetedUntil.put(account, now + UNBUDGETED_MEMORY_NANOS);
        }
        return any;
    }

    /**
     * Compares the account's budgets with the running totals the ledger keeps beside its rows (one indexed read, not a sum
     * over the ledger; exact across workers, since every ledger row updates them in its own transaction).
     */
    @Override
    public void admit(SpendAccount account, String cellId, String sampleId, int trial) {
        if (!budgeted(account)) {
            return;
        }
        for (SpendStore.AccountBudget budget : store.accountBudgets(account.campaignId(), account.model())) {
            if (budget.reached()) {
                refuse(account, budget);
            }
        }
    }

    private void refuse(SpendAccount account, SpendStore.AccountBudget budget) {
        String whose = SpendStore.CAMPAIGN_SCOPE.equals(budget.scope()) ? "campaign " + account.campaignId()
                : "model " + account.model() + " of campaign " + account.campaignId();
        String reason = BudgetRefusal.PREFIX + whose + " spent " + String.format(Locale.ROOT, "%.6f", budget.costUsd()) + " USD and "
                + budget.tokens() + " tokens of its budget " + budget.budget().describe() + "; raise it with: ibench campaign resume "
                + account.campaignId() + " --budget ...";
        meters.counter("ibench_budget_refusals_total", "campaign", account.campaignId(), "model", account.model()).increment();
        pauser.pause(account.campaignId(), reason);
        throw ModelCallException.of(ErrorKind.BUDGET_EXHAUSTED, "budget", reason);
    }
}
