-- Skill ratings (bot/ratings.py): one per server, board (game and variant) and player, moved
-- by each finished match in the order the matches finished. Matches finished before this
-- version are rated by the store on first use (Store.rate_finished_matches), in that order.
-- A user's rows are keyed by his id, so forgetting him is one DELETE per table.

-- A finished match is rated once: rated_at is set in the same transaction as its ratings
-- (rated = 0: looked at and not rated, e.g. no human seat).
ALTER TABLE matches ADD COLUMN rated_at REAL;

ALTER TABLE matches ADD COLUMN rated INTEGER CHECK (rated IS NULL OR rated IN (0, 1));

-- Each player's current rating: openskill's mu and sigma, and how many rated matches and
-- deals it rests on.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL CHECK (sigma > 0),
    matches INTEGER NOT NULL CHECK (matches >= 0),
    deals INTEGER NOT NULL CHECK (deals >= 0),
    updated_at REAL NOT NULL,
    PRIMARY KEY (guild_id, game, variant, user_id)
) WITHOUT ROWID;

-- What each rated match did to each seat: the seat's rank by final total (1 = best, ties
-- share), its rating before and after (an AI seat: its fixed anchor, user_id NULL, ai its
-- kind). finished_at is the match's end: the rating history and the period boards read it.
CREATE TABLE rating_changes (
    table_id INTEGER NOT NULL REFERENCES matches (table_id),
    seat INTEGER NOT NULL CHECK (seat >= 0),
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    user_id INTEGER,
    ai TEXT,
    rank INTEGER NOT NULL CHECK (rank >= 1),
    deals INTEGER NOT NULL CHECK (deals >= 0),
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL,
    sigma_after REAL NOT NULL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) = (ai IS NOT NULL))
) WITHOUT ROWID;

CREATE INDEX rating_changes_board ON rating_changes (guild_id, game, variant, finished_at);

CREATE INDEX rating_changes_user ON rating_changes (user_id, finished_at)
    WHERE user_id IS NOT NULL;

CREATE INDEX matches_unrated ON matches (finished_at, table_id)
    WHERE finished_at IS NOT NULL AND rated_at IS NULL;
