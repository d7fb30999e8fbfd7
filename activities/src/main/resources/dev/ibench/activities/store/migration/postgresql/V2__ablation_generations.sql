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
