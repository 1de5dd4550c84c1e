-- PostgreSQL dialect of ../004_user_preferences.sql: each user's own choices and his
-- client's language; a table's reminder.

CREATE TABLE user_preferences (
    user_id BIGINT PRIMARY KEY,
    language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 8),
    pack TEXT CHECK (pack IS NULL OR pack IN ('french', 'german')),
    four_colour INTEGER NOT NULL DEFAULT 0 CHECK (four_colour IN (0, 1)),
    pictures INTEGER NOT NULL DEFAULT 1 CHECK (pictures IN (0, 1)),
    updated_at DOUBLE PRECISION NOT NULL
);

ALTER TABLE tables ADD COLUMN reminder DOUBLE PRECISION CHECK (reminder IS NULL OR reminder >= 0);
