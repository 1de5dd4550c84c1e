-- Public play (issue 32): tables any player of an opted-in server may join, a quick-match
-- queue shared by every process, blocks between players and reports for the bot's operator.
-- Whether a server takes part is in its settings (guild_settings, JSON: public, mirror).
--   public_tables: the tables opened as public, with the language they are listed in (their
--     messages go to the players' DMs, their matches are rated on the public boards).
--   public_leavers: a player who left a public table mid-session, his seat taken by the AI;
--     the match counts as a last place for him.
--   public_queue: one row per waiting player (a player waits in one queue at most); the
--     matcher deletes the rows it seats in the same transaction that records the table.
--   public_blocks: a player (user_id) never meets blocked_id in public games.
--   public_reports: what a player reported of a table he sat at, with its deal.
--   public_requests: queue joins and table opens, for the rate limits.
-- A user's rows go when he asks the bot to forget him (columns named user_id).

CREATE TABLE public_tables (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id),
    language TEXT NOT NULL,
    opened_at REAL NOT NULL
);

CREATE TABLE public_leavers (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    user_id INTEGER NOT NULL,
    left_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

CREATE TABLE public_queue (
    user_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    preset TEXT NOT NULL,
    language TEXT NOT NULL,
    rating INTEGER NOT NULL,
    joined_at REAL NOT NULL
);

CREATE INDEX public_queue_waiting ON public_queue (game, preset, language, joined_at);

CREATE TABLE public_blocks (
    user_id INTEGER NOT NULL,
    blocked_id INTEGER NOT NULL CHECK (blocked_id <> user_id),
    at REAL NOT NULL,
    PRIMARY KEY (user_id, blocked_id)
) WITHOUT ROWID;

CREATE INDEX public_blocks_blocked ON public_blocks (blocked_id);

CREATE TABLE public_reports (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    table_id INTEGER NOT NULL REFERENCES tables (id),
    deal INTEGER NOT NULL CHECK (deal >= 0),
    reason TEXT NOT NULL,
    at REAL NOT NULL
);

CREATE TABLE public_requests (
    user_id INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('queue', 'open')),
    at REAL NOT NULL
);

CREATE INDEX public_requests_recent ON public_requests (user_id, kind, at);
