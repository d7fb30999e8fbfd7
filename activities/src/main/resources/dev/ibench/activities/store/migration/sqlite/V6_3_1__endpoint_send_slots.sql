-- Send limits shared by every worker of an endpoint (docs/llm-gateway.md, Shared limits): one row per endpoint,
-- keyed by its URL without user info, query or fragment (never a credential). Both columns are times in microseconds
-- since the epoch, on the store's clock for PostgreSQL and the machine's for SQLite: next_send_us is when the next
-- request may start under rate_per_second, token_tat_us when the tokens_per_minute bucket is full again (its
-- theoretical arrival time, GCRA), held_until_us the end of a hold after a 429 with Retry-After (until then the
-- limits count from that time). A worker reserves its send time with one UPDATE of the row; a killed worker holds
-- nothing here (its reserved time just passes), so no row ever throttles for longer than the charges it holds.
-- Not copied by `store copy`: the times mean nothing on another store's clock.
CREATE TABLE IF NOT EXISTS endpoint_send_slots (
    endpoint     TEXT   NOT NULL PRIMARY KEY,
    next_send_us BIGINT NOT NULL,
    token_tat_us BIGINT NOT NULL,
    held_until_us BIGINT NOT NULL DEFAULT 0
);
