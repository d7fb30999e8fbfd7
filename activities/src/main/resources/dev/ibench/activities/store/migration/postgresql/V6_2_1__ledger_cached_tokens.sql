-- Cached prompt tokens (docs/ledger.md): the part of prompt_tokens the server read from its prompt cache
-- (usage.prompt_tokens_details.cached_tokens, else llama-server's timings.cache_n), and how many of them were charged at
-- the new-input price because the profile states no price_per_million_cached_input.
ALTER TABLE spend_ledger ADD COLUMN cached_prompt_tokens INTEGER NOT NULL DEFAULT 0;
ALTER TABLE spend_ledger ADD COLUMN cached_at_input_price INTEGER NOT NULL DEFAULT 0;
