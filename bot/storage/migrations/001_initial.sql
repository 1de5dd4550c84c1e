-- Tables, seats, the append-only action log, sessions, deal results, guild settings.

CREATE TABLE tables (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    host_id INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    rules TEXT NOT NULL,
    options TEXT NOT NULL,
    turn_timeout REAL,
    message_id INTEGER,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

CREATE INDEX tables_open ON tables (status) WHERE status IN ('lobby', 'playing');

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER,
    name TEXT NOT NULL,
    ai TEXT,
    away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) = (ai IS NOT NULL))
);

CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE sessions (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id),
    guild_id INTEGER NOT NULL,
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    humans INTEGER NOT NULL,
    started_at REAL NOT NULL,
    finished_at REAL,
    totals TEXT NOT NULL
);

CREATE INDEX sessions_guild ON sessions (guild_id, variant);

CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES sessions (table_id),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    seat INTEGER NOT NULL,
    user_id INTEGER,
    source TEXT NOT NULL CHECK (source IN ('human', 'ai', 'timeout', 'away')),
    kind TEXT NOT NULL CHECK (kind IN ('play', 'push', 'pick_up', 'pass_on')),
    payload TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TABLE deal_results (
    table_id INTEGER NOT NULL REFERENCES sessions (table_id),
    deal_number INTEGER NOT NULL CHECK (deal_number >= 0),
    dealer INTEGER NOT NULL,
    seats TEXT NOT NULL,
    bock INTEGER NOT NULL CHECK (bock IN (0, 1)),
    result TEXT NOT NULL,
    table_scores TEXT NOT NULL,
    user_ids TEXT NOT NULL,
    record TEXT NOT NULL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, deal_number)
);

CREATE TABLE deal_scores (
    table_id INTEGER NOT NULL,
    deal_number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    score REAL NOT NULL,
    loser INTEGER NOT NULL CHECK (loser IN (0, 1)),
    jungfrau INTEGER NOT NULL CHECK (jungfrau IN (0, 1)),
    durchmarsch INTEGER NOT NULL CHECK (durchmarsch IN (0, 1)),
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, deal_number, seat),
    FOREIGN KEY (table_id, deal_number) REFERENCES deal_results (table_id, deal_number)
);

CREATE INDEX deal_scores_user ON deal_scores (user_id, finished_at) WHERE user_id IS NOT NULL;

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL,
    updated_at REAL NOT NULL
);
