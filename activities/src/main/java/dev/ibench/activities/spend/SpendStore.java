package dev.ibench.activities.spend;

import dev.ibench.activities.llm.spend.SpendEntry;
import dev.ibench.activities.store.ResultsDatabase;
import dev.ibench.activities.store.StoreStatements;
import dev.ibench.core.campaign.Budget;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The spend ledger's tables in the results store (schema: docs/ledger.md): ledger entries, budgets (scope {@code ""}
 * for the whole campaign, else a model name) and budget deferrals (items refused because a budget was reached).
 */
public final class SpendStore {
    /** The budget scope of a whole campaign. */
    public static final String CAMPAIGN_SCOPE = "";

    private static final String TOTALS = "SELECT SUM(CASE WHEN outcome<>'cache_hit' THEN 1 ELSE 0 END), "
            + "SUM(CASE WHEN outcome='failed' THEN 1 ELSE 0 END), SUM(CASE WHEN outcome='cache_hit' THEN 1 ELSE 0 END), "
            + "SUM(CASE WHEN outcome='cache_hit' THEN 0 ELSE prompt_tokens END), "
            + "SUM(CASE WHEN outcome='cache_hit' THEN 0 ELSE completion_tokens END), SUM(cost_usd), SUM(latency_ms), "
            + "SUM(CASE WHEN outcome='ok' AND tokens_unknown<>0 THEN 1 ELSE 0 END), "
            + "SUM(CASE WHEN outcome='cache_hit' THEN 0 ELSE reasoning_tokens END), "
            + "SUM(CASE WHEN outcome='cache_hit' THEN 0 ELSE cached_prompt_tokens END), SUM(cached_at_input_price) FROM spend_ledger ";

    private final StoreStatements statements;
    private final ResultsDatabase database;

    public SpendStore(ResultsDatabase database) {
        this.database = database;
        this.statements = new StoreStatements(database);
    }

    /**
     * Appends a ledger row and, for a campaign's row, adds its tokens (none for a cache hit) and cost to the running
     * totals of the campaign and of its model ({@code spend_totals}) in the same transaction (joining the caller's
     * grouped transaction when there is one), so those totals are always the ledger's sums.
     */
    public void record(SpendEntry e) {
        database.inTransaction(() -> {
            update("record spend of " + e.model(),
                    "INSERT INTO spend_ledger(campaign_id, cell_id, model, endpoint, sample_id, trial, attempt, outcome, error_kind, "
                            + "prompt_tokens, completion_tokens, latency_ms, cost_usd, created_at, tokens_unknown, reasoning_tokens, "
                            + "cached_prompt_tokens, cached_at_input_price) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    e.campaignId(), e.cellId(), e.model(), e.endpoint(), e.sampleId(), e.trial(), e.attempt(), e.outcome(),
                    e.errorKind(), e.promptTokens(), e.completionTokens(), e.latencyMs(), e.costUsd(), Instant.now().toString(),
                    e.tokensUnknown() ? 1 : 0, e.reasoningTokens(), e.cachedPromptTokens(), e.cachedAtInputPrice());
            long tokens = SpendEntry.CACHE_HIT.equals(e.outcome()) ? 0 : e.tokens();
            double cost = e.costUsd() == null ? 0 : e.costUsd();
            if (e.campaignId() != null && (tokens != 0 || cost != 0)) {
                addToTotal(e.campaignId(), CAMPAIGN_SCOPE, tokens, cost);
                addToTotal(e.campaignId(), e.model(), tokens, cost);
            }
        });
    }

    private void addToTotal(String campaignId, String scope, long tokens, double cost) {
        update("add to the spend total of " + campaignId,
                "INSERT INTO spend_totals(campaign_id, scope, tokens, cost_usd) VALUES (?,?,?,?) ON CONFLICT(campaign_id, scope) "
                        + "DO UPDATE SET tokens=spend_totals.tokens+excluded.tokens, cost_usd=spend_totals.cost_usd+excluded.cost_usd",
                campaignId, scope, tokens, cost);
    }

    /** A budget of an account (campaign scope or model) and what its account spent so far, from the running totals. */
    public record AccountBudget(String scope, Budget budget, long tokens, double costUsd) {
        public boolean reached() {
            return budget.reachedBy(costUsd, tokens);
        }
    }

    /**
     * The budgets that apply to a request of {@code model} in {@code campaignId} (the campaign's first, then the model's)
     * with the running totals of their accounts: one indexed read, whatever the size of the ledger.
     */
    public List<AccountBudget> accountBudgets(String campaignId, String model) {
        return query("read budgets of " + campaignId + "/" + model,
                "SELECT b.scope, b.usd, b.tokens, COALESCE(t.tokens, 0), COALESCE(t.cost_usd, 0) FROM budgets b "
                        + "LEFT JOIN spend_totals t ON t.campaign_id=b.campaign_id AND t.scope=b.scope "
                        + "WHERE b.campaign_id=? AND (b.scope=? OR b.scope=?) ORDER BY b.scope",
                rs -> new AccountBudget(rs.getString(1), new Budget(rs.getObject(2) == null ? null : rs.getDouble(2),
                        rs.getObject(3) == null ? null : rs.getLong(3)), rs.getLong(4), rs.getDouble(5)),
                campaignId, CAMPAIGN_SCOPE, model);
    }

    /** The running totals of an account (scope {@link #CAMPAIGN_SCOPE} or a model): tokens and cost; zeros when it spent nothing. */
    public AccountBudget runningTotal(String campaignId, String scope) {
        List<AccountBudget> rows = query("read the spend total of " + campaignId,
                "SELECT tokens, cost_usd FROM spend_totals WHERE campaign_id=? AND scope=?",
                rs -> new AccountBudget(scope, null, rs.getLong(1), rs.getDouble(2)), campaignId, scope);
        return rows.isEmpty() ? new AccountBudget(scope, null, 0, 0) : rows.get(0);
    }

    /** Every entry of a cell in the order written (for the cell's details and tests). */
    public List<SpendEntry> entries(String cellId) {
        return query("read spend of " + cellId,
                "SELECT campaign_id, cell_id, model, endpoint, sample_id, trial, attempt, outcome, error_kind, prompt_tokens, "
                        + "completion_tokens, latency_ms, cost_usd, tokens_unknown, reasoning_tokens, cached_prompt_tokens, cached_at_input_price "
                        + "FROM spend_ledger WHERE cell_id=? ORDER BY entry_id",
                rs -> new SpendEntry(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                        rs.getInt(6), rs.getInt(7), rs.getString(8), rs.getString(9), rs.getInt(10), rs.getInt(11), rs.getLong(12),
                        rs.getObject(13) == null ? null : rs.getDouble(13), rs.getInt(14) != 0, rs.getInt(15),
                        rs.getInt(16), rs.getInt(17)),
                cellId);
    }

    /** Totals of a campaign ({@code model} null) or of one of its models. Cache hits count no tokens (they were paid once). */
    public SpendTotals totals(String campaignId, String model) {
        return model == null
                ? query("total spend of " + campaignId, TOTALS + "WHERE campaign_id=?", SpendStore::totals, campaignId).get(0)
                : query("total spend of " + campaignId + "/" + model, TOTALS + "WHERE campaign_id=? AND model=?", SpendStore::totals,
                        campaignId, model).get(0);
    }

    public SpendTotals cellTotals(String cellId) {
        return query("total spend of cell " + cellId, TOTALS + "WHERE cell_id=?", SpendStore::totals, cellId).get(0);
    }

    /** Totals per model of a campaign, models in first-spent order. */
    public Map<String, SpendTotals> totalsByModel(String campaignId) {
        Map<String, SpendTotals> out = new LinkedHashMap<>();
        for (String model : query("models of " + campaignId,
                "SELECT model FROM spend_ledger WHERE campaign_id=? GROUP BY model ORDER BY MIN(entry_id)", rs -> rs.getString(1), campaignId)) {
            out.put(model, totals(campaignId, model));
        }
        return out;
    }

    /** Answers a campaign's model gave with known tokens, and their completion tokens summed (for {@code campaign plan}'s typical figure). */
    public record AnsweredTokens(long answers, long completionTokens) {
        public static final AnsweredTokens NONE = new AnsweredTokens(0, 0);

        public AnsweredTokens plus(AnsweredTokens other) {
            return new AnsweredTokens(answers + other.answers, completionTokens + other.completionTokens);
        }
    }

    public AnsweredTokens answeredTokens(String campaignId, String model) {
        return query("read answered tokens of " + campaignId + "/" + model,
                "SELECT COUNT(*), COALESCE(SUM(completion_tokens), 0) FROM spend_ledger WHERE campaign_id=? AND model=? "
                        + "AND outcome='ok' AND tokens_unknown=0",
                rs -> new AnsweredTokens(rs.getLong(1), rs.getLong(2)), campaignId, model).get(0);
    }

    private static SpendTotals totals(ResultSet rs) throws SQLException {
        return new SpendTotals(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                rs.getObject(6) == null ? null : rs.getDouble(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10), rs.getLong(11));
    }

    public void saveBudget(String campaignId, String scope, Budget budget) {
        update("save budget of " + campaignId,
                "INSERT INTO budgets(campaign_id, scope, usd, tokens) VALUES (?,?,?,?) "
                        + "ON CONFLICT(campaign_id, scope) DO UPDATE SET usd=excluded.usd, tokens=excluded.tokens",
                campaignId, scope, budget.usd(), budget.tokens());
    }

    /** Stores a budget from the campaign file unless one is stored already (a budget raised by resume survives re-planning). */
    public void saveBudgetIfAbsent(String campaignId, String scope, Budget budget) {
        update("save budget of " + campaignId,
                "INSERT INTO budgets(campaign_id, scope, usd, tokens) VALUES (?,?,?,?) ON CONFLICT(campaign_id, scope) DO NOTHING",
                campaignId, scope, budget.usd(), budget.tokens());
    }

    public Optional<Budget> budget(String campaignId, String scope) {
        return query("read budget of " + campaignId, "SELECT usd, tokens FROM budgets WHERE campaign_id=? AND scope=?",
                rs -> new Budget(rs.getObject(1) == null ? null : rs.getDouble(1), rs.getObject(2) == null ? null : rs.getLong(2)),
                campaignId, scope).stream().findFirst();
    }

    /** Budgets of a campaign by scope ({@link #CAMPAIGN_SCOPE} or a model name). */
    public Map<String, Budget> budgets(String campaignId) {
        Map<String, Budget> out = new LinkedHashMap<>();
        query("read budgets of " + campaignId, "SELECT scope, usd, tokens FROM budgets WHERE campaign_id=? ORDER BY scope",
                rs -> out.put(rs.getString(1), new Budget(rs.getObject(2) == null ? null : rs.getDouble(2),
                        rs.getObject(3) == null ? null : rs.getLong(3))), campaignId);
        return out;
    }

    public void defer(String cellId, String sampleId, int trial) {
        update("defer " + cellId + "#" + sampleId + "/" + trial,
                "INSERT INTO budget_deferrals(cell_id, sample_id, trial) VALUES (?,?,?) ON CONFLICT DO NOTHING", cellId, sampleId, trial);
    }

    /** Items of a cell refused for budget that still have no result (they wait for the campaign's resumption). */
    public int deferredUnsettled(String cellId) {
        return query("count deferred items of " + cellId,
                "SELECT COUNT(*) FROM budget_deferrals d WHERE d.cell_id=? AND NOT EXISTS (SELECT 1 FROM sample_results r "
                        + "WHERE r.cell_id=d.cell_id AND r.sample_id=d.sample_id AND r.trial=d.trial)",
                rs -> rs.getInt(1), cellId).get(0);
    }

    private void update(String what, String sql, Object... args) {
        statements.update(what, sql, args);
    }

    private <T> List<T> query(String what, String sql, StoreStatements.RowMapper<T> mapper, Object... args) {
        return statements.query(what, sql, mapper, args);
    }
}
