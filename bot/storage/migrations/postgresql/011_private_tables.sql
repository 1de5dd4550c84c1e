-- PostgreSQL dialect of ../011_private_tables.sql: private tables and their invited players.

ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1));

CREATE TABLE table_invites (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    user_id BIGINT NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
