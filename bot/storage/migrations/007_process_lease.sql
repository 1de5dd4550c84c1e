-- One bot process per database: the process that holds a scope's lease is the only one that
-- acts for that scope (see bot/storage/lease.py). Today the only scope is 'all'; once shard
-- ranges exist, each range is a scope ('shards:0-3') with its own holder.
--   holder: host:pid:random of the holding process, unique per process start.
--   host, pid: where it runs; a holder on the same host whose pid is gone is taken over at once.
--   expires_at: the holder renews it every 10 s for 30 s; an expired lease may be taken over.
-- The holder deletes its row when it stops cleanly.

CREATE TABLE process_lease (
    scope TEXT PRIMARY KEY CHECK (length(scope) BETWEEN 1 AND 64),
    holder TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    acquired_at REAL NOT NULL,
    renewed_at REAL NOT NULL,
    expires_at REAL NOT NULL
);
