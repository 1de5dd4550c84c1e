-- Several games: a started table is a match (sessions -> matches) keyed by game and variant;
-- the action log takes any kind the core's action registry knows (the store checks it); the
-- Ramsch-only flags of deal_scores become generic per-seat tags; tables remember which deal
-- their channel message shows.
--
-- Runs inside the migration's transaction with foreign keys on: SQLite cannot drop a CHECK or
-- a column that a CHECK names, so actions and deal_scores are rebuilt (new table, rows copied
-- in order, old table dropped, new one renamed). Renaming a table rewrites the foreign keys
-- that point at it (legacy_alter_table is off); the implicit DELETE of a DROP TABLE fires no
-- trigger, and nothing references the two rebuilt tables while they are dropped.

PRAGMA legacy_alter_table = OFF;

-- matches: the started tables, now with their game ---------------------------------------

ALTER TABLE sessions RENAME TO matches;

-- SQLite adds a NOT NULL column only with a default: every match so far was a Ramsch. The
-- store always writes the game.
ALTER TABLE matches ADD COLUMN game TEXT NOT NULL DEFAULT 'ramsch';

DROP INDEX sessions_guild;

CREATE INDEX matches_guild ON matches (guild_id, game, variant);

-- actions: without the CHECK on kind -------------------------------------------------------

CREATE TABLE actions_new (
    table_id INTEGER NOT NULL REFERENCES matches (table_id),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    seat INTEGER NOT NULL,
    user_id INTEGER,
    source TEXT NOT NULL CHECK (source IN ('human', 'ai', 'timeout', 'away')),
    kind TEXT NOT NULL CHECK (kind <> ''),
    payload TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

INSERT INTO actions_new (table_id, seq, seat, user_id, source, kind, payload, at)
SELECT table_id, seq, seat, user_id, source, kind, payload, at FROM actions
ORDER BY table_id, seq;

-- Drops the old triggers with the table (they do not fire on its implicit DELETE).
DROP TABLE actions;

ALTER TABLE actions_new RENAME TO actions;

CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- deal_scores without loser / jungfrau / durchmarsch; deal_tags instead ----------------------

CREATE TABLE deal_scores_new (
    table_id INTEGER NOT NULL,
    deal_number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    score REAL NOT NULL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (table_id, deal_number, seat),
    FOREIGN KEY (table_id, deal_number) REFERENCES deal_results (table_id, deal_number)
);

INSERT INTO deal_scores_new (table_id, deal_number, seat, user_id, score, finished_at)
SELECT table_id, deal_number, seat, user_id, score, finished_at FROM deal_scores
ORDER BY table_id, deal_number, seat;

-- What a finished deal made of a seat, for statistics ('loser', 'jungfrau', 'durchmarsch',
-- and whatever tags later games' scorers give): DealResult.tags, in table seats. It points at
-- deal_scores_new, which the rename below turns into deal_scores.
CREATE TABLE deal_tags (
    table_id INTEGER NOT NULL,
    deal_number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    tag TEXT NOT NULL CHECK (tag <> ''),
    PRIMARY KEY (table_id, deal_number, seat, tag),
    FOREIGN KEY (table_id, deal_number, seat)
        REFERENCES deal_scores_new (table_id, deal_number, seat)
) WITHOUT ROWID;

INSERT INTO deal_tags (table_id, deal_number, seat, tag)
SELECT table_id, deal_number, seat, 'loser' FROM deal_scores WHERE loser = 1
UNION ALL
SELECT table_id, deal_number, seat, 'jungfrau' FROM deal_scores WHERE jungfrau = 1
UNION ALL
SELECT table_id, deal_number, seat, 'durchmarsch' FROM deal_scores WHERE durchmarsch = 1
ORDER BY 1, 2, 3, 4;

DROP TABLE deal_scores;

ALTER TABLE deal_scores_new RENAME TO deal_scores;

CREATE INDEX deal_scores_user ON deal_scores (user_id, finished_at) WHERE user_id IS NOT NULL;

-- tables: the deal the channel message shows ----------------------------------------------

ALTER TABLE tables ADD COLUMN message_deal INTEGER CHECK (message_deal >= 0);
