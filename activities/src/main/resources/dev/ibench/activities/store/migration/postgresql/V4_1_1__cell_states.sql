-- V4.1.1: the state a cell's workflow last recorded (docs/reports.md#denominators): completed, stopped (with its
-- reason), paused or cancelled. Reports read it beside the cell's counts; a cell without a row (campaigns run before
-- this table) is shown completed when every item has a result, else unfinished.
CREATE TABLE IF NOT EXISTS cell_states (
    cell_id     TEXT PRIMARY KEY,
    state       TEXT NOT NULL,
    reason      TEXT,
    updated_at  TEXT NOT NULL
);
