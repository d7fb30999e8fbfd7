-- An answer that came without a usage block, its tokens not counted by a tokenizer (docs/ledger.md): its
-- prompt_tokens and completion_tokens are 0 meaning "not known", and cost_usd is NULL.
ALTER TABLE spend_ledger ADD COLUMN tokens_unknown INTEGER NOT NULL DEFAULT 0;
