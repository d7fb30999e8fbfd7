-- V6.1.1: the provider batches a batch: true model's cells submitted (docs/batch.md). A row is written before its input
-- file is uploaded, so a worker killed at any point finds it again: a recorded batch_id is polled, never submitted again;
-- a row with a file but no batch_id is looked up at the provider by its metadata (batch_key) before a batch is created.
CREATE TABLE IF NOT EXISTS llm_batches (
    batch_key     TEXT PRIMARY KEY,
    cell_id       TEXT NOT NULL,
    from_index    INTEGER NOT NULL,
    item_count    INTEGER NOT NULL,
    endpoint      TEXT NOT NULL,
    request_url   TEXT,
    input_file_id TEXT,
    batch_id      TEXT,
    status        TEXT NOT NULL,
    not_before    BIGINT NOT NULL,
    updated_at    TEXT NOT NULL
);
