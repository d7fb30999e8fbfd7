-- V1, SQLite: the results store schema (docs/results-store.md). Every table is keyed by the ids that make
-- its writes idempotent: re-running an activity rewrites the same row instead of adding one.
-- IF NOT EXISTS throughout: a file written before versioned migrations is baselined at version 0 and this
-- script only adds the tables it lacks. Keep the PostgreSQL V1 the same schema.
CREATE TABLE IF NOT EXISTS campaigns (
    campaign_id   TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    spec_json     TEXT NOT NULL,
    created_at    TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS cells (
    cell_id       TEXT PRIMARY KEY,
    campaign_id   TEXT NOT NULL REFERENCES campaigns(campaign_id),
    model         TEXT NOT NULL,
    benchmark     TEXT NOT NULL,
    mode          TEXT NOT NULL,
    ablation      TEXT NOT NULL,
    eval_set      TEXT NOT NULL,
    trials        INTEGER NOT NULL
);
-- The samples a cell runs, in the order it runs them (position = index in the cell).
CREATE TABLE IF NOT EXISTS cell_samples (
    cell_id       TEXT NOT NULL REFERENCES cells(cell_id),
    position      INTEGER NOT NULL,
    sample_id     TEXT NOT NULL,
    PRIMARY KEY (cell_id, position)
);
CREATE TABLE IF NOT EXISTS model_calls (
    cell_id       TEXT NOT NULL,
    sample_id     TEXT NOT NULL,
    trial         INTEGER NOT NULL,
    step          INTEGER NOT NULL,
    cache_key     TEXT,
    raw_output    TEXT NOT NULL,
    prompt_tokens INTEGER,
    completion_tokens INTEGER,
    latency_ms    INTEGER,
    cache_hit     INTEGER NOT NULL,
    created_at    TEXT NOT NULL,
    PRIMARY KEY (cell_id, sample_id, trial, step)
);
CREATE TABLE IF NOT EXISTS tool_executions (
    cell_id       TEXT NOT NULL,
    sample_id     TEXT NOT NULL,
    trial         INTEGER NOT NULL,
    step          INTEGER NOT NULL,
    call_json     TEXT NOT NULL,
    observation   TEXT NOT NULL,
    ok            INTEGER NOT NULL,
    PRIMARY KEY (cell_id, sample_id, trial, step)
);
-- One outcome per sample and trial: scored (score_json holds every metric's per-sample counts),
-- infra_error (the model could not be reached; never counted as a wrong answer, re-run by retry-errors)
-- or rejected (the endpoint refused this request, e.g. prompt longer than the context; not re-run).
-- Files written before 'rejected' existed get this table rebuilt by V1_1.
CREATE TABLE IF NOT EXISTS sample_results (
    cell_id       TEXT NOT NULL,
    sample_id     TEXT NOT NULL,
    trial         INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('scored', 'infra_error', 'rejected')),
    completed     INTEGER,
    score_json    TEXT,
    error         TEXT,
    updated_at    TEXT NOT NULL,
    PRIMARY KEY (cell_id, sample_id, trial)
);
CREATE TABLE IF NOT EXISTS errors (
    cell_id       TEXT NOT NULL,
    sample_id     TEXT NOT NULL,
    trial         INTEGER NOT NULL,
    step          INTEGER NOT NULL,
    kind          TEXT NOT NULL,
    message       TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    PRIMARY KEY (cell_id, sample_id, trial, step, kind)
);
CREATE TABLE IF NOT EXISTS rendered_prompts (
    cell_id     TEXT NOT NULL,
    sample_id   TEXT NOT NULL,
    trial       INTEGER NOT NULL,
    prompt_json TEXT NOT NULL,
    PRIMARY KEY (cell_id, sample_id, trial)
);

-- The LLM response cache (CacheKey -> raw response): a retried or resumed step never pays twice.
CREATE TABLE IF NOT EXISTS llm_response_cache (
    cache_key         TEXT PRIMARY KEY,
    endpoint          TEXT NOT NULL,
    model             TEXT,
    response_json     TEXT NOT NULL,
    prompt_tokens     INTEGER NOT NULL,
    completion_tokens INTEGER NOT NULL,
    latency_ms        INTEGER NOT NULL,
    created_at        TEXT NOT NULL,
    hits              INTEGER NOT NULL DEFAULT 0,
    last_hit_at       TEXT
);
