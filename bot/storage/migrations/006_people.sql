-- Privacy: the action log names people through a mapping that can be erased. A person is a
-- number that stands for one Discord user; `/ramsch forget-me` sets the person's user_id to
-- NULL, and the log keeps its order and seats but no longer says whose they were.
--
-- Runs inside the migration's transaction with foreign keys on. The append-only log cannot be
-- updated in place (its triggers refuse it), so it is rebuilt as 003_games.sql did: a new
-- table, the rows copied in order with each user id replaced by its person, the old table
-- dropped (the implicit DELETE of a DROP TABLE fires no trigger), the new one renamed and the
-- triggers created again. Nothing references actions.

PRAGMA legacy_alter_table = OFF;

-- AUTOINCREMENT: a person number is never given twice. UNIQUE allows several NULLs (the
-- forgotten), one row per known user.
CREATE TABLE people (
    person INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER UNIQUE
);

-- Everyone in the log, numbered in the order of their first action.
INSERT INTO people (user_id)
SELECT user_id FROM actions WHERE user_id IS NOT NULL
GROUP BY user_id ORDER BY MIN(at), MIN(table_id), user_id;

CREATE TABLE actions_new (
    table_id INTEGER NOT NULL REFERENCES matches (table_id),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    seat INTEGER NOT NULL,
    person INTEGER REFERENCES people (person),
    source TEXT NOT NULL CHECK (source IN ('human', 'ai', 'timeout', 'away')),
    kind TEXT NOT NULL CHECK (kind <> ''),
    payload TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;

INSERT INTO actions_new (table_id, seq, seat, person, source, kind, payload, at)
SELECT a.table_id, a.seq, a.seat, p.person, a.source, a.kind, a.payload, a.at
FROM actions a LEFT JOIN people p ON p.user_id = a.user_id
ORDER BY a.table_id, a.seq;

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
