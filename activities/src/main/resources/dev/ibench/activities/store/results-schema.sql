-- Results store schema (docs/results-store.md). Every table is keyed by the ids that make its
-- writes idempotent: re-running an activity rewrites the same row instead of adding one.
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
-- Databases created before 'rejected' existed get this table rebuilt on open (ResultsSchemaUpgrade).
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
-- Material a model wrote for an ablation (paraphrase, toolkit_expansion) for one sample, keyed by a hash of the
-- sample's question and tools, the ablation, the generator model and the settings: written once (the first write
-- wins), then shared by every trial, retry and cell that asks for the same.
CREATE TABLE IF NOT EXISTS ablation_generations (
    generation_key TEXT PRIMARY KEY,
    ablation       TEXT NOT NULL,
    sample_id      TEXT NOT NULL,
    outcome_json   TEXT NOT NULL,
    created_at     TEXT NOT NULL
);
