-- Play again and table threads (issue 13).
--
-- rematches: the final standings' "Play again" of a finished table. confirmed lists the table
-- seats (0-based, JSON) whose players pressed it (AI seats confirm themselves and are not
-- listed); new_table_id is the table it opened once every human seat had confirmed (a table is
-- played again once). Seats, not user ids: forgetting a user leaves nothing here to erase.
CREATE TABLE rematches (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id),
    confirmed TEXT NOT NULL,
    new_table_id INTEGER REFERENCES tables (id),
    updated_at REAL NOT NULL
);

-- table_threads: a table that plays in its own thread (server setting `threads`). The thread
-- was opened from the announcement message in the parent channel; the table's channel_id is
-- the thread's id from then on. The announcement loses its Join button once the table starts
-- or is cancelled.
CREATE TABLE table_threads (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id),
    parent_id INTEGER NOT NULL,
    announcement_id INTEGER NOT NULL,
    thread_id INTEGER NOT NULL
);
