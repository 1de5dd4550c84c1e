-- Tournaments (issue 33): an evening of series played at tables the bot draws. The tournament
-- is state like a table: its settings and seed, its status, the players registered (and who
-- left or was disqualified), the tables of each series (each a normal table of `tables`; ended:
-- closed before its last game), the
-- seats an AI took over, and every finished game as the standings count it.

CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    organiser_id INTEGER NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL
        CHECK (status IN ('registration', 'running', 'paused', 'finished', 'cancelled')),
    series INTEGER NOT NULL DEFAULT 0 CHECK (series >= 0),
    message_id INTEGER,
    start_at REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);

CREATE INDEX tournaments_open ON tournaments (status)
    WHERE status IN ('registration', 'running', 'paused');

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    number INTEGER NOT NULL CHECK (number >= 0),
    status TEXT NOT NULL CHECK (status IN ('registered', 'left', 'disqualified')),
    joined_at REAL NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    series INTEGER NOT NULL CHECK (series >= 0),
    number INTEGER NOT NULL CHECK (number >= 0),
    seats TEXT NOT NULL,
    table_id INTEGER REFERENCES tables (id),
    ended INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1)),
    PRIMARY KEY (tournament_id, series, number)
);

CREATE TABLE tournament_replacements (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    series INTEGER NOT NULL CHECK (series >= 0),
    number INTEGER NOT NULL CHECK (number >= 0),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    from_game INTEGER NOT NULL CHECK (from_game >= 0),
    PRIMARY KEY (tournament_id, series, number, seat)
);

CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    series INTEGER NOT NULL CHECK (series >= 0),
    number INTEGER NOT NULL CHECK (number >= 0),
    game INTEGER NOT NULL CHECK (game >= 0),
    record TEXT NOT NULL,
    PRIMARY KEY (tournament_id, series, number, game)
);
