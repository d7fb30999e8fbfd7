-- The installation this results store belongs to: its id names the installation's own Temporal task queues
-- (`ibench-workflows@<id>`, ...), so two installations on one Temporal server never take each other's work, while
-- workers on many machines that share this store share the queues too (docs/temporal.md, Installations).
-- legacy_queues = 1 when the store already held campaigns: their running workflows are on the shared queues of
-- before (`ibench-workflows`, ...), which this installation's workers then poll as well.
CREATE TABLE IF NOT EXISTS installation (
    installation_id TEXT NOT NULL PRIMARY KEY,
    legacy_queues   INTEGER NOT NULL
);
INSERT INTO installation (installation_id, legacy_queues)
SELECT substr(md5(random()::text || clock_timestamp()::text), 1, 12),
       CASE WHEN EXISTS (SELECT 1 FROM campaigns) THEN 1 ELSE 0 END
WHERE NOT EXISTS (SELECT 1 FROM installation);
