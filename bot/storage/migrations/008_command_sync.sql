-- The slash commands the bot last synced to Discord, per scope, so that a restart with
-- unchanged commands sends nothing (Discord limits how often commands may be created) and a
-- switch between guild and global sync knows which copies to remove.
--   scope: 0 for the global commands, else the guild id.
--   hash: SHA-256 (hex) of what was synced (the application id and the commands' payload,
--         translations included); the hash of an empty list: that scope is known to be empty.
-- Losing a row only costs one sync more.

CREATE TABLE command_sync (
    scope INTEGER PRIMARY KEY CHECK (scope >= 0),
    hash TEXT NOT NULL CHECK (length(hash) = 64),
    synced_at REAL NOT NULL
);
