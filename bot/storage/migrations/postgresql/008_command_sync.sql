-- PostgreSQL dialect of ../008_command_sync.sql: what the bot last synced to Discord, per
-- scope (0: global, else a guild id).

CREATE TABLE command_sync (
    scope BIGINT PRIMARY KEY CHECK (scope >= 0),
    hash TEXT NOT NULL CHECK (length(hash) = 64),
    synced_at DOUBLE PRECISION NOT NULL
);
