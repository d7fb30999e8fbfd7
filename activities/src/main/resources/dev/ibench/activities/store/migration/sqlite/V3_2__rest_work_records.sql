-- REST generation work records (docs/rest-benchmarks.md): one row per step record of a REST job, keyed by the
-- job's work id (<source>-<db>-<fingerprint>) and the record's name (plan.json, q/<q>/a<n>.proposal.json, ...).
-- The record's JSON is an artifact (tables artifacts/artifact_chunks, or the IBENCH_ARTIFACTS directory); the row
-- names it by SHA-256. Any machine that reaches the results store reads and writes the same records.
CREATE TABLE IF NOT EXISTS rest_work_records (
    work_id     TEXT NOT NULL,
    name        TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (work_id, name)
);
