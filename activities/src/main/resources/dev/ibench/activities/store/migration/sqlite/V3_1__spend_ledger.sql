-- The spend ledger (docs/ledger.md): one row per provider attempt (failed ones too) or cache hit, appended by the
-- model gateway. campaign_id/cell_id are NULL for calls outside campaigns (REST generation, ablation writers).
CREATE TABLE IF NOT EXISTS spend_ledger (
    entry_id          INTEGER PRIMARY KEY AUTOINCREMENT,
    campaign_id       TEXT,
    cell_id           TEXT,
    model             TEXT NOT NULL,
    endpoint          TEXT NOT NULL,
    sample_id         TEXT,
    trial             INTEGER NOT NULL,
    attempt           INTEGER NOT NULL,
    outcome           TEXT NOT NULL,
    error_kind        TEXT,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    latency_ms        INTEGER NOT NULL,
    cost_usd          REAL,
    created_at        TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS spend_ledger_campaign ON spend_ledger(campaign_id, model);
CREATE INDEX IF NOT EXISTS spend_ledger_cell ON spend_ledger(cell_id);
-- Budgets of a campaign (scope '') and of its models (scope = model name); raised by `campaign resume --budget`.
CREATE TABLE IF NOT EXISTS budgets (
    campaign_id TEXT NOT NULL,
    scope       TEXT NOT NULL,
    usd         REAL,
    tokens      INTEGER,
    PRIMARY KEY (campaign_id, scope)
);
-- Items whose model call was refused because the budget was reached: never scored, never an infra_error;
-- the campaign runs them once it is resumed. A row is removed when its item gets a result.
CREATE TABLE IF NOT EXISTS budget_deferrals (
    cell_id   TEXT NOT NULL,
    sample_id TEXT NOT NULL,
    trial     INTEGER NOT NULL,
    PRIMARY KEY (cell_id, sample_id, trial)
);
