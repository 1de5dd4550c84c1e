-- Private tables (issue 31): only the host and the players he invited may sit down.
--   tables.private: 1 for a private table; every table before this version was open to all.
--   table_invites: the players invited to a table (by `/ramsch new` or from its lobby). A
--   user's rows go when he asks the bot to forget him (a column named user_id).

ALTER TABLE tables ADD COLUMN private INTEGER NOT NULL DEFAULT 0 CHECK (private IN (0, 1));

CREATE TABLE table_invites (
    table_id INTEGER NOT NULL REFERENCES tables (id),
    user_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;
