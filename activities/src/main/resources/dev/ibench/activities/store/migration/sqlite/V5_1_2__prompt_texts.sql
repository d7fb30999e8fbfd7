-- Rendered prompts stored once (docs/results-store.md): a cell's prompts share almost all their text, so each row of
-- rendered_prompts / react_step_prompts holds only the middle where its prompt differs from a base prompt kept once by
-- content in prompt_texts (key: SHA-256 of the text), with the characters shared at the start and at the end:
-- prompt = base[0, prefix_chars) + prompt_json + base[length - suffix_chars, length). Rows without base_sha256
-- (written before this migration) keep their whole prompt in prompt_json and are read as before.
CREATE TABLE IF NOT EXISTS prompt_texts (
    sha256 TEXT PRIMARY KEY,
    text   TEXT NOT NULL
);
ALTER TABLE rendered_prompts ADD COLUMN base_sha256 TEXT;
ALTER TABLE rendered_prompts ADD COLUMN prefix_chars INTEGER;
ALTER TABLE rendered_prompts ADD COLUMN suffix_chars INTEGER;
ALTER TABLE react_step_prompts ADD COLUMN base_sha256 TEXT;
ALTER TABLE react_step_prompts ADD COLUMN prefix_chars INTEGER;
ALTER TABLE react_step_prompts ADD COLUMN suffix_chars INTEGER;
