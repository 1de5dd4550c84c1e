-- What the Discord messages of each live table show, written by the adapter after a render:
-- at start-up only the tables whose log has moved on since are rendered again, and a
-- player's hand DM is edited instead of posted anew. Losing a row only costs a re-render.

CREATE TABLE shown_tables (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id),
    message_id INTEGER NOT NULL,
    log_position INTEGER NOT NULL CHECK (log_position >= 0),
    deal INTEGER NOT NULL CHECK (deal >= 0),
    results INTEGER NOT NULL CHECK (results >= 0),
    away TEXT NOT NULL,
    shown TEXT,
    at REAL NOT NULL
);

CREATE TABLE shown_hands (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    user_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    deal INTEGER NOT NULL CHECK (deal >= 0),
    log_position INTEGER NOT NULL CHECK (log_position >= 0),
    shown TEXT,
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;
