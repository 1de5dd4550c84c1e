-- Several bot processes on one database (issue 15; on SQLite there is only ever one process,
-- the same schema keeps both dialects alike).
--
-- process_lease.wanted_by: a starting process whose shard ('shard:N') is held by another
-- process that took it over while it was down asks for it back here; the holder hands it
-- back (drops that shard's tables, deletes its row) and the starter takes it.
ALTER TABLE process_lease ADD COLUMN wanted_by TEXT;

-- relayed_interactions: a click that reached a process which does not own its table (the hand
-- buttons are in DMs, and Discord sends every DM click to shard 0), waiting for the owner.
-- payload is Discord's INTERACTION_CREATE data as JSON; shard the table's shard. Whoever
-- sets claimed_at handles the click (the owner, or the receiver when nobody claimed it in
-- time): exactly once; the unique interaction_id refuses a click sent twice. Rows are deleted
-- a minute later (nobody can answer an interaction that old).
CREATE TABLE relayed_interactions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    interaction_id INTEGER NOT NULL UNIQUE,
    table_id INTEGER NOT NULL,
    shard INTEGER NOT NULL,
    payload TEXT NOT NULL,
    at REAL NOT NULL,
    claimed_at REAL
);
