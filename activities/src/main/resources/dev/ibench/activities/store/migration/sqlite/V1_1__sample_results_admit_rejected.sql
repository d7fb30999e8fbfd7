-- V1.1, SQLite only: the status CHECK of sample_results admits 'rejected'. SQLite cannot alter a CHECK, and
-- files written before 'rejected' existed keep the old one through V1's IF NOT EXISTS, so the table is
-- rebuilt with the current definition and every row copied (Flyway runs this in one transaction). On a file
-- V1 just created this copies nothing. PostgreSQL stores start with the current CHECK.
CREATE TABLE sample_results_v1_1 (
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
INSERT INTO sample_results_v1_1(cell_id, sample_id, trial, status, completed, score_json, error, updated_at)
    SELECT cell_id, sample_id, trial, status, completed, score_json, error, updated_at FROM sample_results;
DROP TABLE sample_results;
ALTER TABLE sample_results_v1_1 RENAME TO sample_results;
