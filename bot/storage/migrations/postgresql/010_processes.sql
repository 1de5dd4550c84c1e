-- PostgreSQL dialect of ../010_processes.sql: several bot processes on one database.

ALTER TABLE process_lease ADD COLUMN wanted_by TEXT;

CREATE TABLE relayed_interactions (
    id BIGSERIAL PRIMARY KEY,
    interaction_id BIGINT NOT NULL UNIQUE,
    table_id BIGINT NOT NULL,
    shard INTEGER NOT NULL,
    payload TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    claimed_at DOUBLE PRECISION
);
