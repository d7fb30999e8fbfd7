-- Reasoning kept apart from the answer (docs/output-parsing.md, Reasoning): the reasoning a server returned apart from
-- the output (reasoning_content / reasoning; NULL when none, reasoning inside the output stays in raw_output), and the
-- server's count of reasoning tokens (usage.completion_tokens_details.reasoning_tokens, part of completion_tokens).
ALTER TABLE model_calls ADD COLUMN reasoning TEXT;
ALTER TABLE model_calls ADD COLUMN reasoning_tokens INTEGER;
ALTER TABLE spend_ledger ADD COLUMN reasoning_tokens INTEGER NOT NULL DEFAULT 0;
