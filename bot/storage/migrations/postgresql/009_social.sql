-- PostgreSQL dialect of ../009_social.sql: play again and table threads.

CREATE TABLE rematches (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    confirmed TEXT NOT NULL,
    new_table_id BIGINT REFERENCES tables (id),
    updated_at DOUBLE PRECISION NOT NULL
);

CREATE TABLE table_threads (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id),
    parent_id BIGINT NOT NULL,
    announcement_id BIGINT NOT NULL,
    thread_id BIGINT NOT NULL
);
