-- Running spend totals per budget account (docs/ledger.md): scope '' for the whole campaign, else a model name. Each
-- ledger row of a campaign adds its tokens (none for a cache hit) and cost here in the same transaction as its insert,
-- so budget admission reads one row per account instead of summing the campaign's ledger, and the total stays exactly
-- the ledger's sum with any number of workers. Filled from the ledger rows written before this migration.
CREATE TABLE IF NOT EXISTS spend_totals (
    campaign_id TEXT NOT NULL,
    scope       TEXT NOT NULL,
    tokens      INTEGER NOT NULL,
    cost_usd    REAL NOT NULL,
    PRIMARY KEY (campaign_id, scope)
);
INSERT INTO spend_totals(campaign_id, scope, tokens, cost_usd)
SELECT campaign_id, '', SUM(CASE WHEN outcome = 'cache_hit' THEN 0 ELSE prompt_tokens + completion_tokens END), COALESCE(SUM(cost_usd), 0)
FROM spend_ledger WHERE campaign_id IS NOT NULL GROUP BY campaign_id;
INSERT INTO spend_totals(campaign_id, scope, tokens, cost_usd)
SELECT campaign_id, model, SUM(CASE WHEN outcome = 'cache_hit' THEN 0 ELSE prompt_tokens + completion_tokens END), COALESCE(SUM(cost_usd), 0)
FROM spend_ledger WHERE campaign_id IS NOT NULL GROUP BY campaign_id, model;
