-- PostgreSQL dialect of ../002_shown_messages.sql: what the Discord messages of each live
-- table show (losing a row only costs a re-render).

CREATE TABLE shown_tables (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    message_id BIGINT NOT NULL,
    log_position INTEGER NOT NULL CHECK (log_position >= 0),
    deal INTEGER NOT NULL CHECK (deal >= 0),
    results INTEGER NOT NULL CHECK (results >= 0),
    away TEXT NOT NULL,
    shown TEXT,
    at DOUBLE PRECISION NOT NULL
);

CREATE TABLE shown_hands (
    table_id BIGINT NOT NULL REFERENCES tables (id),
    user_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    deal INTEGER NOT NULL CHECK (deal >= 0),
    log_position INTEGER NOT NULL CHECK (log_position >= 0),
    shown TEXT,
    PRIMARY KEY (table_id, user_id)
);
