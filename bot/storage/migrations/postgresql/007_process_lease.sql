-- PostgreSQL dialect of ../007_process_lease.sql: the process that holds a scope's lease is
-- the only one that acts for that scope (bot/storage/lease.py).

CREATE TABLE process_lease (
    scope TEXT PRIMARY KEY CHECK (length(scope) BETWEEN 1 AND 64),
    holder TEXT NOT NULL,
    host TEXT NOT NULL,
    pid INTEGER NOT NULL,
    acquired_at DOUBLE PRECISION NOT NULL,
    renewed_at DOUBLE PRECISION NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
