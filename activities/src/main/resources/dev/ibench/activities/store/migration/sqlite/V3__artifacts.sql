-- Content-addressed artifacts (docs/artifacts.md): eval sets, the SQLite databases their tools run on, published
-- REST endpoint sets and eval-set manifests, addressed by the SHA-256 of their bytes. The bytes are split into
-- chunks of at most 1 MiB so a database of tens of MB is written and read one chunk at a time. The artifacts row
-- is written after its last chunk: a row means the artifact is complete.
CREATE TABLE IF NOT EXISTS artifact_chunks (
    sha256      TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    data        BLOB NOT NULL,
    PRIMARY KEY (sha256, seq)
);
CREATE TABLE IF NOT EXISTS artifacts (
    sha256      TEXT PRIMARY KEY,
    size_bytes  INTEGER NOT NULL,
    chunks      INTEGER NOT NULL,
    created_at  TEXT NOT NULL
);
