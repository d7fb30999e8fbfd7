-- A BFCL memory scenario's memory in a campaign cell (docs/bfcl.md, Memory): one row per trial, scenario and number of
-- prerequisite conversations run ("conversations": 0 is the empty memory the first conversation starts from), with the SHA-256
-- of the snapshot text in the artifact store (NULL for the empty memory) and the memory as the model is shown it
-- (the backend's _dump_core_memory_to_context). Conversation k starts from row k; the questions from the last row.
-- Written once (a second write of a row keeps the first): a retried conversation stores the same memory.
CREATE TABLE IF NOT EXISTS bfcl_memory_snapshots (
    cell_id         TEXT    NOT NULL,
    trial           INTEGER NOT NULL,
    scenario        TEXT    NOT NULL,
    conversations   INTEGER NOT NULL,
    snapshot_sha256 TEXT,
    memory_context  TEXT    NOT NULL,
    PRIMARY KEY (cell_id, trial, scenario, conversations)
);
