-- The prompt each step of a ReACT trajectory sent (after the cell's ablation), as JSON: what the agent read at
-- that step, for `campaign export --with-prompts` and for checking an ablation on a finished campaign.
CREATE TABLE IF NOT EXISTS react_step_prompts (
    cell_id     TEXT NOT NULL,
    sample_id   TEXT NOT NULL,
    trial       INTEGER NOT NULL,
    step        INTEGER NOT NULL,
    prompt_json TEXT NOT NULL,
    PRIMARY KEY (cell_id, sample_id, trial, step)
);
